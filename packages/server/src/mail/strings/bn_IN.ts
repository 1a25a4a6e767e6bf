import type { MailStrings } from '../mail-strings.js';

export const bnIN: MailStrings = {
  resetSubject: 'পাসওয়ার্ড রিসেট',
  resetBody:
    'কেউ Rowbase-এ {email}-এর পাসওয়ার্ড রিসেট করতে চেয়েছেন।\nনতুন পাসওয়ার্ড বেছে নিতে এক ঘণ্টার মধ্যে এই লিংকটি খুলুন: {link}\nএটি আপনি না হলে, এই বার্তাটি উপেক্ষা করুন।',
  inviteSubject: 'আপনাকে Rowbase-এ আমন্ত্রণ জানানো হয়েছে',
  inviteBody:
    '{inviter} আপনাকে Rowbase-এ আমন্ত্রণ জানিয়েছেন।\nপাসওয়ার্ড বেছে নিয়ে সাইন ইন করতে এই লিংকটি খুলুন: {link}',
  inviteBaseSubject: 'আপনাকে Rowbase-এ {base}-এ আমন্ত্রণ জানানো হয়েছে',
  inviteBaseBody:
    '{inviter} আপনাকে Rowbase-এ "{base}" বেসে আমন্ত্রণ জানিয়েছেন।\nপাসওয়ার্ড বেছে নিয়ে বেসটি খুলতে এই লিংকটি খুলুন: {link}',
  baseAccessBody: '{inviter} আপনাকে Rowbase-এ "{base}" বেসে যোগ করেছেন।\nএখানে খুলুন: {link}',
  verifySubject: 'আপনার ইমেল ঠিকানা যাচাই করুন',
  verifyBody: 'Rowbase-এ {email} যাচাই করতে এই লিংকটি খুলুন: {link}',
  testSubject: 'Rowbase পরীক্ষামূলক ইমেল',
  testBody: 'এটি Rowbase-এর একটি পরীক্ষামূলক বার্তা: ইমেল সেটিংস কাজ করছে।',
  formSubject: '{form}-এ নতুন উত্তর',
  formBody: 'কেউ Rowbase-এ "{form}" ফর্মটি পূরণ করেছেন।\n{answers}\nউত্তরগুলি দেখুন: {link}',
  hookAdded: '{table}: যোগ করা রেকর্ড: {count}',
  hookUpdated: '{table}: হালনাগাদ করা রেকর্ড: {count}',
  hookDeleted: '{table}: মুছে ফেলা রেকর্ড: {count}',
  hookSent: '{table}: হাতে পাঠানো রেকর্ড: {count}',
  hookMore: '… এবং আরও {count}টি',
};
