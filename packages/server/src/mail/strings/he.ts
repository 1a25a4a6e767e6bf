import type { MailStrings } from '../mail-strings.js';

export const he: MailStrings = {
  resetSubject: 'איפוס סיסמה',
  resetBody:
    'מישהו ביקש לאפס את הסיסמה של {email} ב-Rowbase.\nפתחו את הקישור הזה בתוך שעה כדי לבחור סיסמה חדשה: {link}\nאם זה לא הייתם אתם, התעלמו מהודעה זו.',
  inviteSubject: 'הוזמנתם ל-Rowbase',
  inviteBody: '{inviter} הזמין/ה אתכם ל-Rowbase.\nפתחו את הקישור הזה כדי לבחור סיסמה ולהתחבר: {link}',
  inviteBaseSubject: 'הוזמנתם ל-{base} ב-Rowbase',
  inviteBaseBody:
    '{inviter} הזמין/ה אתכם לבסיס "{base}" ב-Rowbase.\nפתחו את הקישור הזה כדי לבחור סיסמה ולפתוח את הבסיס: {link}',
  baseAccessBody: '{inviter} הוסיף/ה אתכם לבסיס "{base}" ב-Rowbase.\nפתחו אותו כאן: {link}',
  verifySubject: 'אמתו את כתובת הדוא"ל שלכם',
  verifyBody: 'פתחו את הקישור הזה כדי לאמת את {email} ב-Rowbase: {link}',
  testSubject: 'דוא"ל בדיקה מ-Rowbase',
  testBody: 'זו הודעת בדיקה מ-Rowbase: הגדרות הדוא"ל פועלות.',
  formSubject: 'תגובה חדשה לטופס {form}',
  formBody: 'מישהו מילא את הטופס "{form}" ב-Rowbase.\n{answers}\nלצפייה בתגובות: {link}',
  hookAdded: '{table}: רשומות שנוספו: {count}',
  hookUpdated: '{table}: רשומות שעודכנו: {count}',
  hookDeleted: '{table}: רשומות שנמחקו: {count}',
  hookSent: '{table}: רשומות שנשלחו ידנית: {count}',
  hookMore: '… ועוד {count}',
};
