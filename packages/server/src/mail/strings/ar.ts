import type { MailStrings } from '../mail-strings.js';

export const ar: MailStrings = {
  resetSubject: 'إعادة تعيين كلمة المرور',
  resetBody:
    'طلب أحدهم إعادة تعيين كلمة مرور {email} على Rowbase.\nافتح هذا الرابط خلال ساعة لاختيار كلمة مرور جديدة: {link}\nإن لم تكن أنت، فتجاهل هذه الرسالة.',
  inviteSubject: 'أنت مدعو إلى Rowbase',
  inviteBody: 'دعاك {inviter} إلى Rowbase.\nافتح هذا الرابط لاختيار كلمة مرور وتسجيل الدخول: {link}',
  inviteBaseSubject: 'أنت مدعو إلى {base} على Rowbase',
  inviteBaseBody:
    'دعاك {inviter} إلى قاعدة "{base}" على Rowbase.\nافتح هذا الرابط لاختيار كلمة مرور وفتح القاعدة: {link}',
  baseAccessBody: 'أضافك {inviter} إلى قاعدة "{base}" على Rowbase.\nافتحها من هنا: {link}',
  verifySubject: 'تحقق من عنوان بريدك الإلكتروني',
  verifyBody: 'افتح هذا الرابط للتحقق من {email} على Rowbase: {link}',
  testSubject: 'رسالة تجريبية من Rowbase',
  testBody: 'هذه رسالة تجريبية من Rowbase: إعدادات البريد الإلكتروني تعمل.',
  formSubject: 'رد جديد على {form}',
  formBody: 'ملأ أحدهم النموذج "{form}" على Rowbase.\n{answers}\nاطّلع على الردود: {link}',
  hookAdded: '{table}: سجلات مضافة: {count}',
  hookUpdated: '{table}: سجلات محدَّثة: {count}',
  hookDeleted: '{table}: سجلات محذوفة: {count}',
  hookSent: '{table}: سجلات مرسلة يدويًا: {count}',
  hookMore: '… و{count} غيرها',
};
