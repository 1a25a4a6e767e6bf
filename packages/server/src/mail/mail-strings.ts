/**
 * The e-mails' text in every language of the web app (docs/plugins.md "The e-mails"): one table per locale,
 * `{name}` placeholders filled by `mail-text.ts`. English is the fallback for a locale without a table.
 */

export interface MailStrings {
  resetSubject: string;
  resetBody: string;
  inviteSubject: string;
  inviteBody: string;
  inviteBaseSubject: string;
  inviteBaseBody: string;
  baseAccessBody: string;
  verifySubject: string;
  verifyBody: string;
  testSubject: string;
  testBody: string;
  formSubject: string;
  formBody: string;
  /** A webhook's summary lines (docs/webhooks.md "Messages"): one wording for any count. */
  hookAdded: string;
  hookUpdated: string;
  hookDeleted: string;
  hookSent: string;
  hookMore: string;
}

export const MAIL_STRINGS: Record<string, MailStrings> = {
  ar: {
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
  },
  bn_IN: {
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
  },
  cs: {
    resetSubject: 'Obnovení hesla',
    resetBody:
      'Někdo požádal o obnovení hesla k {email} v Rowbase.\nOtevřete tento odkaz do hodiny a zvolte nové: {link}\nPokud jste to nebyli vy, tuto zprávu ignorujte.',
    inviteSubject: 'Pozvánka do Rowbase',
    inviteBody:
      '{inviter} vás pozval(a) do Rowbase.\nOtevřete tento odkaz, zvolte heslo a přihlaste se: {link}',
    inviteBaseSubject: 'Pozvánka do {base} v Rowbase',
    inviteBaseBody:
      '{inviter} vás pozval(a) do báze „{base}“ v Rowbase.\nOtevřete tento odkaz, zvolte heslo a otevřete bázi: {link}',
    baseAccessBody: '{inviter} vás přidal(a) do báze „{base}“ v Rowbase.\nOtevřete ji zde: {link}',
    verifySubject: 'Ověřte svou e-mailovou adresu',
    verifyBody: 'Otevřete tento odkaz a ověřte {email} v Rowbase: {link}',
    testSubject: 'Testovací e-mail z Rowbase',
    testBody: 'Toto je testovací zpráva z Rowbase: nastavení e-mailu funguje.',
    formSubject: 'Nová odpověď ve formuláři {form}',
    formBody: 'Někdo vyplnil formulář „{form}“ v Rowbase.\n{answers}\nZobrazit odpovědi: {link}',
    hookAdded: '{table}: přidané záznamy: {count}',
    hookUpdated: '{table}: upravené záznamy: {count}',
    hookDeleted: '{table}: smazané záznamy: {count}',
    hookSent: '{table}: ručně odeslané záznamy: {count}',
    hookMore: '… a další: {count}',
  },
  da: {
    resetSubject: 'Nulstilling af adgangskode',
    resetBody:
      'Nogen har bedt om at nulstille adgangskoden til {email} på Rowbase.\nÅbn dette link inden for en time for at vælge en ny: {link}\nHvis det ikke var dig, så ignorer denne besked.',
    inviteSubject: 'Du er inviteret til Rowbase',
    inviteBody:
      '{inviter} har inviteret dig til Rowbase.\nÅbn dette link for at vælge en adgangskode og logge ind: {link}',
    inviteBaseSubject: 'Du er inviteret til {base} på Rowbase',
    inviteBaseBody:
      '{inviter} har inviteret dig til basen "{base}" på Rowbase.\nÅbn dette link for at vælge en adgangskode og åbne basen: {link}',
    baseAccessBody: '{inviter} har tilføjet dig til basen "{base}" på Rowbase.\nÅbn den her: {link}',
    verifySubject: 'Bekræft din e-mailadresse',
    verifyBody: 'Åbn dette link for at bekræfte {email} på Rowbase: {link}',
    testSubject: 'Test-e-mail fra Rowbase',
    testBody: 'Dette er en testbesked fra Rowbase: e-mailindstillingerne virker.',
    formSubject: 'Nyt svar på {form}',
    formBody: 'Nogen har udfyldt formularen "{form}" på Rowbase.\n{answers}\nSe svarene: {link}',
    hookAdded: '{table}: tilføjede poster: {count}',
    hookUpdated: '{table}: opdaterede poster: {count}',
    hookDeleted: '{table}: slettede poster: {count}',
    hookSent: '{table}: manuelt sendte poster: {count}',
    hookMore: '… og {count} til',
  },
  de: {
    resetSubject: 'Passwort zurücksetzen',
    resetBody:
      'Jemand hat angefordert, das Passwort von {email} bei Rowbase zurückzusetzen.\nÖffnen Sie diesen Link innerhalb einer Stunde, um ein neues zu wählen: {link}\nWenn Sie das nicht waren, ignorieren Sie diese Nachricht.',
    inviteSubject: 'Sie sind zu Rowbase eingeladen',
    inviteBody:
      '{inviter} hat Sie zu Rowbase eingeladen.\nÖffnen Sie diesen Link, um ein Passwort zu wählen und sich anzumelden: {link}',
    inviteBaseSubject: 'Sie sind zu {base} bei Rowbase eingeladen',
    inviteBaseBody:
      '{inviter} hat Sie zur Datenbank „{base}“ bei Rowbase eingeladen.\nÖffnen Sie diesen Link, um ein Passwort zu wählen und die Datenbank zu öffnen: {link}',
    baseAccessBody: '{inviter} hat Sie zur Datenbank „{base}“ bei Rowbase hinzugefügt.\nHier öffnen: {link}',
    verifySubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    verifyBody: 'Öffnen Sie diesen Link, um {email} bei Rowbase zu bestätigen: {link}',
    testSubject: 'Rowbase-Test-E-Mail',
    testBody: 'Dies ist eine Testnachricht von Rowbase: Die E-Mail-Einstellungen funktionieren.',
    formSubject: 'Neue Antwort auf {form}',
    formBody:
      'Jemand hat das Formular „{form}“ bei Rowbase ausgefüllt.\n{answers}\nAntworten ansehen: {link}',
    hookAdded: '{table}: hinzugefügte Datensätze: {count}',
    hookUpdated: '{table}: geänderte Datensätze: {count}',
    hookDeleted: '{table}: gelöschte Datensätze: {count}',
    hookSent: '{table}: manuell gesendete Datensätze: {count}',
    hookMore: '… und {count} weitere',
  },
  en: {
    resetSubject: 'Password reset',
    resetBody:
      'Someone asked to reset the password of {email} on Rowbase.\nOpen this link within an hour to choose a new one: {link}\nIf it was not you, ignore this message.',
    inviteSubject: 'You are invited to Rowbase',
    inviteBody: '{inviter} invited you to Rowbase.\nOpen this link to choose a password and sign in: {link}',
    inviteBaseSubject: 'You are invited to {base} on Rowbase',
    inviteBaseBody:
      '{inviter} invited you to the base "{base}" on Rowbase.\nOpen this link to choose a password and open the base: {link}',
    baseAccessBody: '{inviter} added you to the base "{base}" on Rowbase.\nOpen it here: {link}',
    verifySubject: 'Verify your e-mail address',
    verifyBody: 'Open this link to verify {email} on Rowbase: {link}',
    testSubject: 'Rowbase test e-mail',
    testBody: 'This is a test message from Rowbase: the e-mail settings work.',
    formSubject: 'New response to {form}',
    formBody: 'Someone filled in the form "{form}" on Rowbase.\n{answers}\nSee the responses: {link}',
    hookAdded: '{table}: records added: {count}',
    hookUpdated: '{table}: records updated: {count}',
    hookDeleted: '{table}: records deleted: {count}',
    hookSent: '{table}: records sent manually: {count}',
    hookMore: '… and {count} more',
  },
  es: {
    resetSubject: 'Restablecer la contraseña',
    resetBody:
      'Alguien pidió restablecer la contraseña de {email} en Rowbase.\nAbre este enlace antes de una hora para elegir una nueva: {link}\nSi no fuiste tú, ignora este mensaje.',
    inviteSubject: 'Te han invitado a Rowbase',
    inviteBody:
      '{inviter} te ha invitado a Rowbase.\nAbre este enlace para elegir una contraseña e iniciar sesión: {link}',
    inviteBaseSubject: 'Te han invitado a {base} en Rowbase',
    inviteBaseBody:
      '{inviter} te ha invitado a la base «{base}» en Rowbase.\nAbre este enlace para elegir una contraseña y abrir la base: {link}',
    baseAccessBody: '{inviter} te ha añadido a la base «{base}» en Rowbase.\nÁbrela aquí: {link}',
    verifySubject: 'Verifica tu dirección de correo',
    verifyBody: 'Abre este enlace para verificar {email} en Rowbase: {link}',
    testSubject: 'Correo de prueba de Rowbase',
    testBody: 'Este es un mensaje de prueba de Rowbase: la configuración de correo funciona.',
    formSubject: 'Nueva respuesta a {form}',
    formBody:
      'Alguien ha rellenado el formulario «{form}» en Rowbase.\n{answers}\nVer las respuestas: {link}',
    hookAdded: '{table}: registros añadidos: {count}',
    hookUpdated: '{table}: registros actualizados: {count}',
    hookDeleted: '{table}: registros eliminados: {count}',
    hookSent: '{table}: registros enviados manualmente: {count}',
    hookMore: '… y {count} más',
  },
  eu: {
    resetSubject: 'Pasahitza berrezartzea',
    resetBody:
      'Norbaitek {email} helbidearen pasahitza berrezartzeko eskatu du Rowbasen.\nIreki esteka hau ordubete barru berri bat aukeratzeko: {link}\nZu izan ez bazara, ez egin kasurik mezu honi.',
    inviteSubject: 'Rowbasera gonbidatu zaituzte',
    inviteBody:
      '{inviter}(e)k Rowbasera gonbidatu zaitu.\nIreki esteka hau pasahitza aukeratu eta saioa hasteko: {link}',
    inviteBaseSubject: 'Rowbaseko {base} oinarrira gonbidatu zaituzte',
    inviteBaseBody:
      '{inviter}(e)k Rowbaseko "{base}" oinarrira gonbidatu zaitu.\nIreki esteka hau pasahitza aukeratu eta oinarria irekitzeko: {link}',
    baseAccessBody: '{inviter}(e)k Rowbaseko "{base}" oinarrira gehitu zaitu.\nIreki hemen: {link}',
    verifySubject: 'Egiaztatu zure helbide elektronikoa',
    verifyBody: 'Ireki esteka hau {email} Rowbasen egiaztatzeko: {link}',
    testSubject: 'Rowbaseren proba-mezua',
    testBody: 'Hau Rowbaseren proba-mezu bat da: posta elektronikoaren ezarpenek funtzionatzen dute.',
    formSubject: 'Erantzun berria: {form}',
    formBody: 'Norbaitek "{form}" inprimakia bete du Rowbasen.\n{answers}\nIkusi erantzunak: {link}',
    hookAdded: '{table}: gehitutako erregistroak: {count}',
    hookUpdated: '{table}: eguneratutako erregistroak: {count}',
    hookDeleted: '{table}: ezabatutako erregistroak: {count}',
    hookSent: '{table}: eskuz bidalitako erregistroak: {count}',
    hookMore: '… eta beste {count}',
  },
  fa: {
    resetSubject: 'بازنشانی گذرواژه',
    resetBody:
      'کسی درخواست بازنشانی گذرواژهٔ {email} را در Rowbase داده است.\nبرای انتخاب گذرواژهٔ تازه، این پیوند را ظرف یک ساعت باز کنید: {link}\nاگر شما نبودید، این پیام را نادیده بگیرید.',
    inviteSubject: 'به Rowbase دعوت شده‌اید',
    inviteBody:
      '{inviter} شما را به Rowbase دعوت کرده است.\nبرای انتخاب گذرواژه و ورود، این پیوند را باز کنید: {link}',
    inviteBaseSubject: 'به {base} در Rowbase دعوت شده‌اید',
    inviteBaseBody:
      '{inviter} شما را به پایگاه «{base}» در Rowbase دعوت کرده است.\nبرای انتخاب گذرواژه و باز کردن پایگاه، این پیوند را باز کنید: {link}',
    baseAccessBody: '{inviter} شما را به پایگاه «{base}» در Rowbase افزوده است.\nاز اینجا بازش کنید: {link}',
    verifySubject: 'نشانی ایمیل خود را تأیید کنید',
    verifyBody: 'برای تأیید {email} در Rowbase این پیوند را باز کنید: {link}',
    testSubject: 'ایمیل آزمایشی Rowbase',
    testBody: 'این یک پیام آزمایشی از Rowbase است: تنظیمات ایمیل کار می‌کند.',
    formSubject: 'پاسخ تازه به {form}',
    formBody: 'کسی فرم «{form}» را در Rowbase پر کرده است.\n{answers}\nدیدن پاسخ‌ها: {link}',
    hookAdded: '{table}: رکوردهای افزوده‌شده: {count}',
    hookUpdated: '{table}: رکوردهای به‌روزشده: {count}',
    hookDeleted: '{table}: رکوردهای حذف‌شده: {count}',
    hookSent: '{table}: رکوردهای ارسال‌شده به‌صورت دستی: {count}',
    hookMore: '… و {count} مورد دیگر',
  },
  fi: {
    resetSubject: 'Salasanan palautus',
    resetBody:
      'Joku pyysi palauttamaan käyttäjän {email} salasanan Rowbasessa.\nAvaa tämä linkki tunnin kuluessa valitaksesi uuden: {link}\nJos se et ollut sinä, jätä tämä viesti huomiotta.',
    inviteSubject: 'Sinut on kutsuttu Rowbaseen',
    inviteBody:
      '{inviter} kutsui sinut Rowbaseen.\nAvaa tämä linkki valitaksesi salasanan ja kirjautuaksesi: {link}',
    inviteBaseSubject: 'Sinut on kutsuttu kantaan {base} Rowbasessa',
    inviteBaseBody:
      '{inviter} kutsui sinut kantaan "{base}" Rowbasessa.\nAvaa tämä linkki valitaksesi salasanan ja avataksesi kannan: {link}',
    baseAccessBody: '{inviter} lisäsi sinut kantaan "{base}" Rowbasessa.\nAvaa se tästä: {link}',
    verifySubject: 'Vahvista sähköpostiosoitteesi',
    verifyBody: 'Avaa tämä linkki vahvistaaksesi osoitteen {email} Rowbasessa: {link}',
    testSubject: 'Rowbasen testisähköposti',
    testBody: 'Tämä on Rowbasen testiviesti: sähköpostiasetukset toimivat.',
    formSubject: 'Uusi vastaus lomakkeeseen {form}',
    formBody: 'Joku täytti lomakkeen "{form}" Rowbasessa.\n{answers}\nKatso vastaukset: {link}',
    hookAdded: '{table}: lisätyt tietueet: {count}',
    hookUpdated: '{table}: päivitetyt tietueet: {count}',
    hookDeleted: '{table}: poistetut tietueet: {count}',
    hookSent: '{table}: käsin lähetetyt tietueet: {count}',
    hookMore: '… ja {count} muuta',
  },
  fr: {
    resetSubject: 'Réinitialisation du mot de passe',
    resetBody:
      'Quelqu’un a demandé à réinitialiser le mot de passe de {email} sur Rowbase.\nOuvrez ce lien dans l’heure pour en choisir un nouveau : {link}\nSi ce n’était pas vous, ignorez ce message.',
    inviteSubject: 'Vous êtes invité sur Rowbase',
    inviteBody:
      '{inviter} vous a invité sur Rowbase.\nOuvrez ce lien pour choisir un mot de passe et vous connecter : {link}',
    inviteBaseSubject: 'Vous êtes invité à {base} sur Rowbase',
    inviteBaseBody:
      '{inviter} vous a invité à la base « {base} » sur Rowbase.\nOuvrez ce lien pour choisir un mot de passe et ouvrir la base : {link}',
    baseAccessBody: '{inviter} vous a ajouté à la base « {base} » sur Rowbase.\nOuvrez-la ici : {link}',
    verifySubject: 'Vérifiez votre adresse e-mail',
    verifyBody: 'Ouvrez ce lien pour vérifier {email} sur Rowbase : {link}',
    testSubject: 'E-mail de test Rowbase',
    testBody: 'Ceci est un message de test de Rowbase : les réglages d’e-mail fonctionnent.',
    formSubject: 'Nouvelle réponse à {form}',
    formBody:
      'Quelqu’un a rempli le formulaire « {form} » sur Rowbase.\n{answers}\nVoir les réponses : {link}',
    hookAdded: '{table}: enregistrements ajoutés: {count}',
    hookUpdated: '{table}: enregistrements modifiés: {count}',
    hookDeleted: '{table}: enregistrements supprimés: {count}',
    hookSent: '{table}: enregistrements envoyés manuellement: {count}',
    hookMore: '… et {count} de plus',
  },
  he: {
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
  },
  hi: {
    resetSubject: 'पासवर्ड रीसेट',
    resetBody:
      'किसी ने Rowbase पर {email} का पासवर्ड रीसेट करने का अनुरोध किया है।\nनया पासवर्ड चुनने के लिए यह लिंक एक घंटे के भीतर खोलें: {link}\nयदि यह आप नहीं थे, तो इस संदेश को अनदेखा करें।',
    inviteSubject: 'आपको Rowbase पर आमंत्रित किया गया है',
    inviteBody:
      '{inviter} ने आपको Rowbase पर आमंत्रित किया है।\nपासवर्ड चुनने और साइन इन करने के लिए यह लिंक खोलें: {link}',
    inviteBaseSubject: 'आपको Rowbase पर {base} में आमंत्रित किया गया है',
    inviteBaseBody:
      '{inviter} ने आपको Rowbase पर बेस "{base}" में आमंत्रित किया है।\nपासवर्ड चुनने और बेस खोलने के लिए यह लिंक खोलें: {link}',
    baseAccessBody: '{inviter} ने आपको Rowbase पर बेस "{base}" में जोड़ा है।\nइसे यहाँ खोलें: {link}',
    verifySubject: 'अपना ईमेल पता सत्यापित करें',
    verifyBody: 'Rowbase पर {email} सत्यापित करने के लिए यह लिंक खोलें: {link}',
    testSubject: 'Rowbase परीक्षण ईमेल',
    testBody: 'यह Rowbase का एक परीक्षण संदेश है: ईमेल सेटिंग्स काम कर रही हैं।',
    formSubject: '{form} पर नया जवाब',
    formBody: 'किसी ने Rowbase पर फ़ॉर्म "{form}" भरा है।\n{answers}\nजवाब देखें: {link}',
    hookAdded: '{table}: जोड़े गए रिकॉर्ड: {count}',
    hookUpdated: '{table}: अपडेट किए गए रिकॉर्ड: {count}',
    hookDeleted: '{table}: हटाए गए रिकॉर्ड: {count}',
    hookSent: '{table}: हाथ से भेजे गए रिकॉर्ड: {count}',
    hookMore: '… और {count} अन्य',
  },
  hr: {
    resetSubject: 'Ponovno postavljanje lozinke',
    resetBody:
      'Netko je zatražio ponovno postavljanje lozinke za {email} na Rowbaseu.\nOtvorite ovu poveznicu u roku od sat vremena i odaberite novu: {link}\nAko to niste bili vi, zanemarite ovu poruku.',
    inviteSubject: 'Pozvani ste u Rowbase',
    inviteBody:
      '{inviter} vas je pozvao/la u Rowbase.\nOtvorite ovu poveznicu, odaberite lozinku i prijavite se: {link}',
    inviteBaseSubject: 'Pozvani ste u {base} na Rowbaseu',
    inviteBaseBody:
      '{inviter} vas je pozvao/la u bazu „{base}” na Rowbaseu.\nOtvorite ovu poveznicu, odaberite lozinku i otvorite bazu: {link}',
    baseAccessBody: '{inviter} vas je dodao/la u bazu „{base}” na Rowbaseu.\nOtvorite je ovdje: {link}',
    verifySubject: 'Potvrdite svoju adresu e-pošte',
    verifyBody: 'Otvorite ovu poveznicu da biste potvrdili {email} na Rowbaseu: {link}',
    testSubject: 'Probna e-poruka Rowbasea',
    testBody: 'Ovo je probna poruka Rowbasea: postavke e-pošte rade.',
    formSubject: 'Novi odgovor na {form}',
    formBody: 'Netko je ispunio obrazac „{form}” na Rowbaseu.\n{answers}\nPogledajte odgovore: {link}',
    hookAdded: '{table}: dodani zapisi: {count}',
    hookUpdated: '{table}: ažurirani zapisi: {count}',
    hookDeleted: '{table}: obrisani zapisi: {count}',
    hookSent: '{table}: ručno poslani zapisi: {count}',
    hookMore: '… i još: {count}',
  },
  id: {
    resetSubject: 'Atur ulang kata sandi',
    resetBody:
      'Seseorang meminta untuk mengatur ulang kata sandi {email} di Rowbase.\nBuka tautan ini dalam satu jam untuk memilih yang baru: {link}\nJika itu bukan Anda, abaikan pesan ini.',
    inviteSubject: 'Anda diundang ke Rowbase',
    inviteBody:
      '{inviter} mengundang Anda ke Rowbase.\nBuka tautan ini untuk memilih kata sandi dan masuk: {link}',
    inviteBaseSubject: 'Anda diundang ke {base} di Rowbase',
    inviteBaseBody:
      '{inviter} mengundang Anda ke basis "{base}" di Rowbase.\nBuka tautan ini untuk memilih kata sandi dan membuka basis: {link}',
    baseAccessBody: '{inviter} menambahkan Anda ke basis "{base}" di Rowbase.\nBuka di sini: {link}',
    verifySubject: 'Verifikasi alamat email Anda',
    verifyBody: 'Buka tautan ini untuk memverifikasi {email} di Rowbase: {link}',
    testSubject: 'Email uji Rowbase',
    testBody: 'Ini adalah pesan uji dari Rowbase: pengaturan email berfungsi.',
    formSubject: 'Tanggapan baru untuk {form}',
    formBody: 'Seseorang mengisi formulir "{form}" di Rowbase.\n{answers}\nLihat tanggapan: {link}',
    hookAdded: '{table}: catatan ditambahkan: {count}',
    hookUpdated: '{table}: catatan diperbarui: {count}',
    hookDeleted: '{table}: catatan dihapus: {count}',
    hookSent: '{table}: catatan dikirim manual: {count}',
    hookMore: '… dan {count} lainnya',
  },
  it: {
    resetSubject: 'Reimpostazione della password',
    resetBody:
      "Qualcuno ha chiesto di reimpostare la password di {email} su Rowbase.\nApri questo link entro un'ora per sceglierne una nuova: {link}\nSe non sei stato tu, ignora questo messaggio.",
    inviteSubject: 'Sei invitato su Rowbase',
    inviteBody:
      '{inviter} ti ha invitato su Rowbase.\nApri questo link per scegliere una password e accedere: {link}',
    inviteBaseSubject: 'Sei invitato a {base} su Rowbase',
    inviteBaseBody:
      '{inviter} ti ha invitato alla base "{base}" su Rowbase.\nApri questo link per scegliere una password e aprire la base: {link}',
    baseAccessBody: '{inviter} ti ha aggiunto alla base "{base}" su Rowbase.\nAprila qui: {link}',
    verifySubject: 'Verifica il tuo indirizzo e-mail',
    verifyBody: 'Apri questo link per verificare {email} su Rowbase: {link}',
    testSubject: 'E-mail di prova di Rowbase',
    testBody: 'Questo è un messaggio di prova di Rowbase: le impostazioni e-mail funzionano.',
    formSubject: 'Nuova risposta a {form}',
    formBody: 'Qualcuno ha compilato il modulo "{form}" su Rowbase.\n{answers}\nVedi le risposte: {link}',
    hookAdded: '{table}: record aggiunti: {count}',
    hookUpdated: '{table}: record aggiornati: {count}',
    hookDeleted: '{table}: record eliminati: {count}',
    hookSent: '{table}: record inviati manualmente: {count}',
    hookMore: '… e altri {count}',
  },
  ja: {
    resetSubject: 'パスワードの再設定',
    resetBody:
      'Rowbase で {email} のパスワード再設定が依頼されました。\n1 時間以内にこのリンクを開いて新しいパスワードを設定してください: {link}\n心当たりがない場合は、このメッセージを無視してください。',
    inviteSubject: 'Rowbase に招待されました',
    inviteBody:
      '{inviter} さんが Rowbase にあなたを招待しました。\nこのリンクを開いてパスワードを設定し、サインインしてください: {link}',
    inviteBaseSubject: 'Rowbase の {base} に招待されました',
    inviteBaseBody:
      '{inviter} さんが Rowbase のベース「{base}」にあなたを招待しました。\nこのリンクを開いてパスワードを設定し、ベースを開いてください: {link}',
    baseAccessBody:
      '{inviter} さんが Rowbase のベース「{base}」にあなたを追加しました。\nこちらから開けます: {link}',
    verifySubject: 'メールアドレスを確認してください',
    verifyBody: 'Rowbase で {email} を確認するには、このリンクを開いてください: {link}',
    testSubject: 'Rowbase のテストメール',
    testBody: 'これは Rowbase からのテストメッセージです。メール設定は正常に動作しています。',
    formSubject: '{form} に新しい回答',
    formBody: 'Rowbase でフォーム「{form}」に回答がありました。\n{answers}\n回答を見る: {link}',
    hookAdded: '{table}：追加されたレコード：{count}',
    hookUpdated: '{table}：更新されたレコード：{count}',
    hookDeleted: '{table}：削除されたレコード：{count}',
    hookSent: '{table}：手動で送信されたレコード：{count}',
    hookMore: '… ほか {count} 件',
  },
  ko: {
    resetSubject: '비밀번호 재설정',
    resetBody:
      '누군가 Rowbase에서 {email}의 비밀번호 재설정을 요청했습니다.\n한 시간 안에 이 링크를 열어 새 비밀번호를 정하세요: {link}\n본인이 요청하지 않았다면 이 메시지를 무시하세요.',
    inviteSubject: 'Rowbase에 초대되었습니다',
    inviteBody:
      '{inviter}님이 Rowbase에 초대했습니다.\n이 링크를 열어 비밀번호를 정하고 로그인하세요: {link}',
    inviteBaseSubject: 'Rowbase의 {base}에 초대되었습니다',
    inviteBaseBody:
      '{inviter}님이 Rowbase의 베이스 "{base}"에 초대했습니다.\n이 링크를 열어 비밀번호를 정하고 베이스를 여세요: {link}',
    baseAccessBody: '{inviter}님이 Rowbase의 베이스 "{base}"에 추가했습니다.\n여기에서 여세요: {link}',
    verifySubject: '이메일 주소를 인증하세요',
    verifyBody: 'Rowbase에서 {email}을(를) 인증하려면 이 링크를 여세요: {link}',
    testSubject: 'Rowbase 테스트 이메일',
    testBody: 'Rowbase의 테스트 메시지입니다. 이메일 설정이 작동합니다.',
    formSubject: '{form}에 새 응답',
    formBody: '누군가 Rowbase에서 "{form}" 양식을 작성했습니다.\n{answers}\n응답 보기: {link}',
    hookAdded: '{table}: 추가된 레코드: {count}',
    hookUpdated: '{table}: 수정된 레코드: {count}',
    hookDeleted: '{table}: 삭제된 레코드: {count}',
    hookSent: '{table}: 수동으로 보낸 레코드: {count}',
    hookMore: '… 외 {count}개',
  },
  lv: {
    resetSubject: 'Paroles atiestatīšana',
    resetBody:
      'Kāds lūdza atiestatīt {email} paroli Rowbase.\nAtveriet šo saiti stundas laikā, lai izvēlētos jaunu: {link}\nJa tas nebijāt jūs, ignorējiet šo ziņu.',
    inviteSubject: 'Jūs esat uzaicināts uz Rowbase',
    inviteBody:
      '{inviter} jūs uzaicināja uz Rowbase.\nAtveriet šo saiti, lai izvēlētos paroli un pieteiktos: {link}',
    inviteBaseSubject: 'Jūs esat uzaicināts uz {base} Rowbase',
    inviteBaseBody:
      '{inviter} jūs uzaicināja uz bāzi “{base}” Rowbase.\nAtveriet šo saiti, lai izvēlētos paroli un atvērtu bāzi: {link}',
    baseAccessBody: '{inviter} jūs pievienoja bāzei “{base}” Rowbase.\nAtveriet to šeit: {link}',
    verifySubject: 'Apstipriniet savu e-pasta adresi',
    verifyBody: 'Atveriet šo saiti, lai apstiprinātu {email} Rowbase: {link}',
    testSubject: 'Rowbase testa e-pasts',
    testBody: 'Šī ir Rowbase testa ziņa: e-pasta iestatījumi darbojas.',
    formSubject: 'Jauna atbilde veidlapā {form}',
    formBody: 'Kāds aizpildīja veidlapu “{form}” Rowbase.\n{answers}\nSkatīt atbildes: {link}',
    hookAdded: '{table}: pievienotie ieraksti: {count}',
    hookUpdated: '{table}: atjauninātie ieraksti: {count}',
    hookDeleted: '{table}: dzēstie ieraksti: {count}',
    hookSent: '{table}: manuāli nosūtītie ieraksti: {count}',
    hookMore: '… un vēl: {count}',
  },
  nl: {
    resetSubject: 'Wachtwoord opnieuw instellen',
    resetBody:
      'Iemand heeft gevraagd het wachtwoord van {email} op Rowbase opnieuw in te stellen.\nOpen deze link binnen een uur om een nieuw wachtwoord te kiezen: {link}\nWas u dit niet, negeer dan dit bericht.',
    inviteSubject: 'U bent uitgenodigd voor Rowbase',
    inviteBody:
      '{inviter} heeft u uitgenodigd voor Rowbase.\nOpen deze link om een wachtwoord te kiezen en in te loggen: {link}',
    inviteBaseSubject: 'U bent uitgenodigd voor {base} op Rowbase',
    inviteBaseBody:
      '{inviter} heeft u uitgenodigd voor de base "{base}" op Rowbase.\nOpen deze link om een wachtwoord te kiezen en de base te openen: {link}',
    baseAccessBody: '{inviter} heeft u toegevoegd aan de base "{base}" op Rowbase.\nOpen hem hier: {link}',
    verifySubject: 'Bevestig uw e-mailadres',
    verifyBody: 'Open deze link om {email} op Rowbase te bevestigen: {link}',
    testSubject: 'Test-e-mail van Rowbase',
    testBody: 'Dit is een testbericht van Rowbase: de e-mailinstellingen werken.',
    formSubject: 'Nieuw antwoord op {form}',
    formBody:
      'Iemand heeft het formulier "{form}" op Rowbase ingevuld.\n{answers}\nBekijk de antwoorden: {link}',
    hookAdded: '{table}: records toegevoegd: {count}',
    hookUpdated: '{table}: records bijgewerkt: {count}',
    hookDeleted: '{table}: records verwijderd: {count}',
    hookSent: '{table}: records handmatig verzonden: {count}',
    hookMore: '… en nog {count}',
  },
  no: {
    resetSubject: 'Tilbakestill passord',
    resetBody:
      'Noen har bedt om å tilbakestille passordet til {email} på Rowbase.\nÅpne denne lenken innen en time for å velge et nytt: {link}\nHvis det ikke var deg, kan du se bort fra denne meldingen.',
    inviteSubject: 'Du er invitert til Rowbase',
    inviteBody:
      '{inviter} har invitert deg til Rowbase.\nÅpne denne lenken for å velge et passord og logge inn: {link}',
    inviteBaseSubject: 'Du er invitert til {base} på Rowbase',
    inviteBaseBody:
      '{inviter} har invitert deg til basen «{base}» på Rowbase.\nÅpne denne lenken for å velge et passord og åpne basen: {link}',
    baseAccessBody: '{inviter} har lagt deg til i basen «{base}» på Rowbase.\nÅpne den her: {link}',
    verifySubject: 'Bekreft e-postadressen din',
    verifyBody: 'Åpne denne lenken for å bekrefte {email} på Rowbase: {link}',
    testSubject: 'Test-e-post fra Rowbase',
    testBody: 'Dette er en testmelding fra Rowbase: e-postinnstillingene virker.',
    formSubject: 'Nytt svar på {form}',
    formBody: 'Noen har fylt ut skjemaet «{form}» på Rowbase.\n{answers}\nSe svarene: {link}',
    hookAdded: '{table}: poster lagt til: {count}',
    hookUpdated: '{table}: poster oppdatert: {count}',
    hookDeleted: '{table}: poster slettet: {count}',
    hookSent: '{table}: poster sendt manuelt: {count}',
    hookMore: '… og {count} til',
  },
  pl: {
    resetSubject: 'Resetowanie hasła',
    resetBody:
      'Ktoś poprosił o zresetowanie hasła do {email} w Rowbase.\nOtwórz ten link w ciągu godziny, aby wybrać nowe: {link}\nJeśli to nie Ty, zignoruj tę wiadomość.',
    inviteSubject: 'Zaproszenie do Rowbase',
    inviteBody:
      '{inviter} zaprasza Cię do Rowbase.\nOtwórz ten link, aby ustawić hasło i się zalogować: {link}',
    inviteBaseSubject: 'Zaproszenie do {base} w Rowbase',
    inviteBaseBody:
      '{inviter} zaprasza Cię do bazy „{base}” w Rowbase.\nOtwórz ten link, aby ustawić hasło i otworzyć bazę: {link}',
    baseAccessBody: '{inviter} dodał(a) Cię do bazy „{base}” w Rowbase.\nOtwórz ją tutaj: {link}',
    verifySubject: 'Potwierdź swój adres e-mail',
    verifyBody: 'Otwórz ten link, aby potwierdzić {email} w Rowbase: {link}',
    testSubject: 'Testowy e-mail z Rowbase',
    testBody: 'To jest wiadomość testowa z Rowbase: ustawienia poczty działają.',
    formSubject: 'Nowa odpowiedź w formularzu {form}',
    formBody: 'Ktoś wypełnił formularz „{form}” w Rowbase.\n{answers}\nZobacz odpowiedzi: {link}',
    hookAdded: '{table}: dodane rekordy: {count}',
    hookUpdated: '{table}: zaktualizowane rekordy: {count}',
    hookDeleted: '{table}: usunięte rekordy: {count}',
    hookSent: '{table}: rekordy wysłane ręcznie: {count}',
    hookMore: '… i jeszcze: {count}',
  },
  pt: {
    resetSubject: 'Redefinição da palavra-passe',
    resetBody:
      'Alguém pediu para redefinir a palavra-passe de {email} no Rowbase.\nAbra esta ligação dentro de uma hora para escolher uma nova: {link}\nSe não foi você, ignore esta mensagem.',
    inviteSubject: 'Foi convidado para o Rowbase',
    inviteBody:
      '{inviter} convidou-o para o Rowbase.\nAbra esta ligação para escolher uma palavra-passe e iniciar sessão: {link}',
    inviteBaseSubject: 'Foi convidado para {base} no Rowbase',
    inviteBaseBody:
      '{inviter} convidou-o para a base "{base}" no Rowbase.\nAbra esta ligação para escolher uma palavra-passe e abrir a base: {link}',
    baseAccessBody: '{inviter} adicionou-o à base "{base}" no Rowbase.\nAbra-a aqui: {link}',
    verifySubject: 'Verifique o seu endereço de e-mail',
    verifyBody: 'Abra esta ligação para verificar {email} no Rowbase: {link}',
    testSubject: 'E-mail de teste do Rowbase',
    testBody: 'Esta é uma mensagem de teste do Rowbase: as definições de e-mail funcionam.',
    formSubject: 'Nova resposta a {form}',
    formBody: 'Alguém preencheu o formulário "{form}" no Rowbase.\n{answers}\nVer as respostas: {link}',
    hookAdded: '{table}: registos adicionados: {count}',
    hookUpdated: '{table}: registos atualizados: {count}',
    hookDeleted: '{table}: registos eliminados: {count}',
    hookSent: '{table}: registos enviados manualmente: {count}',
    hookMore: '… e mais {count}',
  },
  pt_BR: {
    resetSubject: 'Redefinição de senha',
    resetBody:
      'Alguém pediu para redefinir a senha de {email} no Rowbase.\nAbra este link em até uma hora para escolher uma nova: {link}\nSe não foi você, ignore esta mensagem.',
    inviteSubject: 'Você foi convidado para o Rowbase',
    inviteBody:
      '{inviter} convidou você para o Rowbase.\nAbra este link para escolher uma senha e entrar: {link}',
    inviteBaseSubject: 'Você foi convidado para {base} no Rowbase',
    inviteBaseBody:
      '{inviter} convidou você para a base "{base}" no Rowbase.\nAbra este link para escolher uma senha e abrir a base: {link}',
    baseAccessBody: '{inviter} adicionou você à base "{base}" no Rowbase.\nAbra aqui: {link}',
    verifySubject: 'Confirme seu endereço de e-mail',
    verifyBody: 'Abra este link para confirmar {email} no Rowbase: {link}',
    testSubject: 'E-mail de teste do Rowbase',
    testBody: 'Esta é uma mensagem de teste do Rowbase: as configurações de e-mail funcionam.',
    formSubject: 'Nova resposta para {form}',
    formBody: 'Alguém preencheu o formulário "{form}" no Rowbase.\n{answers}\nVer as respostas: {link}',
    hookAdded: '{table}: registros adicionados: {count}',
    hookUpdated: '{table}: registros atualizados: {count}',
    hookDeleted: '{table}: registros excluídos: {count}',
    hookSent: '{table}: registros enviados manualmente: {count}',
    hookMore: '… e mais {count}',
  },
  ru: {
    resetSubject: 'Сброс пароля',
    resetBody:
      'Кто-то запросил сброс пароля для {email} в Rowbase.\nОткройте эту ссылку в течение часа, чтобы выбрать новый: {link}\nЕсли это были не вы, просто проигнорируйте это письмо.',
    inviteSubject: 'Вас пригласили в Rowbase',
    inviteBody:
      '{inviter} пригласил(а) вас в Rowbase.\nОткройте эту ссылку, чтобы задать пароль и войти: {link}',
    inviteBaseSubject: 'Вас пригласили в {base} в Rowbase',
    inviteBaseBody:
      '{inviter} пригласил(а) вас в базу «{base}» в Rowbase.\nОткройте эту ссылку, чтобы задать пароль и открыть базу: {link}',
    baseAccessBody: '{inviter} добавил(а) вас в базу «{base}» в Rowbase.\nОткрыть её: {link}',
    verifySubject: 'Подтвердите адрес электронной почты',
    verifyBody: 'Откройте эту ссылку, чтобы подтвердить {email} в Rowbase: {link}',
    testSubject: 'Тестовое письмо Rowbase',
    testBody: 'Это тестовое сообщение от Rowbase: настройки почты работают.',
    formSubject: 'Новый ответ в форме {form}',
    formBody: 'Кто-то заполнил форму «{form}» в Rowbase.\n{answers}\nПосмотреть ответы: {link}',
    hookAdded: '{table}: добавлено записей: {count}',
    hookUpdated: '{table}: изменено записей: {count}',
    hookDeleted: '{table}: удалено записей: {count}',
    hookSent: '{table}: вручную отправлено записей: {count}',
    hookMore: '… и ещё: {count}',
  },
  sk: {
    resetSubject: 'Obnovenie hesla',
    resetBody:
      'Niekto požiadal o obnovenie hesla k {email} v Rowbase.\nOtvorte tento odkaz do hodiny a zvoľte nové: {link}\nAk ste to neboli vy, túto správu ignorujte.',
    inviteSubject: 'Pozvánka do Rowbase',
    inviteBody:
      '{inviter} vás pozval(a) do Rowbase.\nOtvorte tento odkaz, zvoľte heslo a prihláste sa: {link}',
    inviteBaseSubject: 'Pozvánka do {base} v Rowbase',
    inviteBaseBody:
      '{inviter} vás pozval(a) do bázy „{base}“ v Rowbase.\nOtvorte tento odkaz, zvoľte heslo a otvorte bázu: {link}',
    baseAccessBody: '{inviter} vás pridal(a) do bázy „{base}“ v Rowbase.\nOtvorte ju tu: {link}',
    verifySubject: 'Overte svoju e-mailovú adresu',
    verifyBody: 'Otvorte tento odkaz a overte {email} v Rowbase: {link}',
    testSubject: 'Testovací e-mail z Rowbase',
    testBody: 'Toto je testovacia správa z Rowbase: nastavenia e-mailu fungujú.',
    formSubject: 'Nová odpoveď vo formulári {form}',
    formBody: 'Niekto vyplnil formulár „{form}“ v Rowbase.\n{answers}\nZobraziť odpovede: {link}',
    hookAdded: '{table}: pridané záznamy: {count}',
    hookUpdated: '{table}: upravené záznamy: {count}',
    hookDeleted: '{table}: odstránené záznamy: {count}',
    hookSent: '{table}: ručne odoslané záznamy: {count}',
    hookMore: '… a ďalšie: {count}',
  },
  sl: {
    resetSubject: 'Ponastavitev gesla',
    resetBody:
      'Nekdo je zahteval ponastavitev gesla za {email} v Rowbase.\nV eni uri odprite to povezavo in izberite novo: {link}\nČe to niste bili vi, prezrite to sporočilo.',
    inviteSubject: 'Povabljeni ste v Rowbase',
    inviteBody:
      '{inviter} vas je povabil(a) v Rowbase.\nOdprite to povezavo, izberite geslo in se prijavite: {link}',
    inviteBaseSubject: 'Povabljeni ste v {base} v Rowbase',
    inviteBaseBody:
      '{inviter} vas je povabil(a) v bazo »{base}« v Rowbase.\nOdprite to povezavo, izberite geslo in odprite bazo: {link}',
    baseAccessBody: '{inviter} vas je dodal(a) v bazo »{base}« v Rowbase.\nOdprite jo tukaj: {link}',
    verifySubject: 'Potrdite svoj e-poštni naslov',
    verifyBody: 'Odprite to povezavo, da potrdite {email} v Rowbase: {link}',
    testSubject: 'Preizkusno e-sporočilo Rowbase',
    testBody: 'To je preizkusno sporočilo Rowbase: nastavitve e-pošte delujejo.',
    formSubject: 'Nov odgovor na {form}',
    formBody: 'Nekdo je izpolnil obrazec »{form}« v Rowbase.\n{answers}\nOglejte si odgovore: {link}',
    hookAdded: '{table}: dodani zapisi: {count}',
    hookUpdated: '{table}: posodobljeni zapisi: {count}',
    hookDeleted: '{table}: izbrisani zapisi: {count}',
    hookSent: '{table}: ročno poslani zapisi: {count}',
    hookMore: '… in še: {count}',
  },
  sv: {
    resetSubject: 'Återställ lösenord',
    resetBody:
      'Någon har bett om att återställa lösenordet för {email} på Rowbase.\nÖppna den här länken inom en timme för att välja ett nytt: {link}\nOm det inte var du kan du bortse från meddelandet.',
    inviteSubject: 'Du är inbjuden till Rowbase',
    inviteBody:
      '{inviter} har bjudit in dig till Rowbase.\nÖppna den här länken för att välja ett lösenord och logga in: {link}',
    inviteBaseSubject: 'Du är inbjuden till {base} på Rowbase',
    inviteBaseBody:
      '{inviter} har bjudit in dig till basen "{base}" på Rowbase.\nÖppna den här länken för att välja ett lösenord och öppna basen: {link}',
    baseAccessBody: '{inviter} har lagt till dig i basen "{base}" på Rowbase.\nÖppna den här: {link}',
    verifySubject: 'Bekräfta din e-postadress',
    verifyBody: 'Öppna den här länken för att bekräfta {email} på Rowbase: {link}',
    testSubject: 'Testmejl från Rowbase',
    testBody: 'Det här är ett testmeddelande från Rowbase: e-postinställningarna fungerar.',
    formSubject: 'Nytt svar på {form}',
    formBody: 'Någon har fyllt i formuläret "{form}" på Rowbase.\n{answers}\nSe svaren: {link}',
    hookAdded: '{table}: poster tillagda: {count}',
    hookUpdated: '{table}: poster uppdaterade: {count}',
    hookDeleted: '{table}: poster borttagna: {count}',
    hookSent: '{table}: poster skickade manuellt: {count}',
    hookMore: '… och {count} till',
  },
  th: {
    resetSubject: 'รีเซ็ตรหัสผ่าน',
    resetBody:
      'มีผู้ขอรีเซ็ตรหัสผ่านของ {email} บน Rowbase\nเปิดลิงก์นี้ภายในหนึ่งชั่วโมงเพื่อตั้งรหัสผ่านใหม่: {link}\nหากไม่ใช่คุณ โปรดเพิกเฉยต่อข้อความนี้',
    inviteSubject: 'คุณได้รับเชิญเข้าร่วม Rowbase',
    inviteBody: '{inviter} เชิญคุณเข้าร่วม Rowbase\nเปิดลิงก์นี้เพื่อตั้งรหัสผ่านและลงชื่อเข้าใช้: {link}',
    inviteBaseSubject: 'คุณได้รับเชิญเข้าร่วม {base} บน Rowbase',
    inviteBaseBody: '{inviter} เชิญคุณเข้าร่วมเบส "{base}" บน Rowbase\nเปิดลิงก์นี้เพื่อตั้งรหัสผ่านและเปิดเบส: {link}',
    baseAccessBody: '{inviter} เพิ่มคุณเข้าในเบส "{base}" บน Rowbase\nเปิดได้ที่นี่: {link}',
    verifySubject: 'ยืนยันที่อยู่อีเมลของคุณ',
    verifyBody: 'เปิดลิงก์นี้เพื่อยืนยัน {email} บน Rowbase: {link}',
    testSubject: 'อีเมลทดสอบจาก Rowbase',
    testBody: 'นี่คือข้อความทดสอบจาก Rowbase: การตั้งค่าอีเมลใช้งานได้',
    formSubject: 'คำตอบใหม่ใน {form}',
    formBody: 'มีผู้กรอกแบบฟอร์ม "{form}" บน Rowbase\n{answers}\nดูคำตอบ: {link}',
    hookAdded: '{table}: ระเบียนที่เพิ่ม: {count}',
    hookUpdated: '{table}: ระเบียนที่อัปเดต: {count}',
    hookDeleted: '{table}: ระเบียนที่ลบ: {count}',
    hookSent: '{table}: ระเบียนที่ส่งด้วยตนเอง: {count}',
    hookMore: '… และอีก {count} รายการ',
  },
  tr: {
    resetSubject: 'Parola sıfırlama',
    resetBody:
      "Birisi Rowbase'de {email} hesabının parolasını sıfırlamak istedi.\nYeni bir parola seçmek için bu bağlantıyı bir saat içinde açın: {link}\nBu siz değilseniz bu iletiyi yok sayın.",
    inviteSubject: "Rowbase'e davet edildiniz",
    inviteBody:
      "{inviter} sizi Rowbase'e davet etti.\nParola seçip oturum açmak için bu bağlantıyı açın: {link}",
    inviteBaseSubject: "Rowbase'de {base} tabanına davet edildiniz",
    inviteBaseBody:
      '{inviter} sizi Rowbase\'deki "{base}" tabanına davet etti.\nParola seçip tabanı açmak için bu bağlantıyı açın: {link}',
    baseAccessBody: '{inviter} sizi Rowbase\'deki "{base}" tabanına ekledi.\nBuradan açın: {link}',
    verifySubject: 'E-posta adresinizi doğrulayın',
    verifyBody: "Rowbase'de {email} adresini doğrulamak için bu bağlantıyı açın: {link}",
    testSubject: 'Rowbase deneme e-postası',
    testBody: "Bu, Rowbase'den bir deneme iletisidir: e-posta ayarları çalışıyor.",
    formSubject: '{form} için yeni yanıt',
    formBody: 'Birisi Rowbase\'de "{form}" formunu doldurdu.\n{answers}\nYanıtları görün: {link}',
    hookAdded: '{table}: eklenen kayıtlar: {count}',
    hookUpdated: '{table}: güncellenen kayıtlar: {count}',
    hookDeleted: '{table}: silinen kayıtlar: {count}',
    hookSent: '{table}: elle gönderilen kayıtlar: {count}',
    hookMore: '… ve {count} tane daha',
  },
  uk: {
    resetSubject: 'Скидання пароля',
    resetBody:
      'Хтось попросив скинути пароль для {email} у Rowbase.\nВідкрийте це посилання протягом години, щоб вибрати новий: {link}\nЯкщо це були не ви, проігноруйте цей лист.',
    inviteSubject: 'Вас запрошено до Rowbase',
    inviteBody:
      '{inviter} запросив(ла) вас до Rowbase.\nВідкрийте це посилання, щоб задати пароль і увійти: {link}',
    inviteBaseSubject: 'Вас запрошено до {base} у Rowbase',
    inviteBaseBody:
      '{inviter} запросив(ла) вас до бази «{base}» у Rowbase.\nВідкрийте це посилання, щоб задати пароль і відкрити базу: {link}',
    baseAccessBody: '{inviter} додав(ла) вас до бази «{base}» у Rowbase.\nВідкрити її: {link}',
    verifySubject: 'Підтвердьте адресу електронної пошти',
    verifyBody: 'Відкрийте це посилання, щоб підтвердити {email} у Rowbase: {link}',
    testSubject: 'Тестовий лист Rowbase',
    testBody: 'Це тестове повідомлення від Rowbase: налаштування пошти працюють.',
    formSubject: 'Нова відповідь у формі {form}',
    formBody: 'Хтось заповнив форму «{form}» у Rowbase.\n{answers}\nПереглянути відповіді: {link}',
    hookAdded: '{table}: додано записів: {count}',
    hookUpdated: '{table}: змінено записів: {count}',
    hookDeleted: '{table}: видалено записів: {count}',
    hookSent: '{table}: вручну надіслано записів: {count}',
    hookMore: '… і ще: {count}',
  },
  vi: {
    resetSubject: 'Đặt lại mật khẩu',
    resetBody:
      'Có người yêu cầu đặt lại mật khẩu của {email} trên Rowbase.\nMở liên kết này trong vòng một giờ để chọn mật khẩu mới: {link}\nNếu không phải bạn, hãy bỏ qua thư này.',
    inviteSubject: 'Bạn được mời tham gia Rowbase',
    inviteBody:
      '{inviter} đã mời bạn tham gia Rowbase.\nMở liên kết này để chọn mật khẩu và đăng nhập: {link}',
    inviteBaseSubject: 'Bạn được mời vào {base} trên Rowbase',
    inviteBaseBody:
      '{inviter} đã mời bạn vào cơ sở "{base}" trên Rowbase.\nMở liên kết này để chọn mật khẩu và mở cơ sở: {link}',
    baseAccessBody: '{inviter} đã thêm bạn vào cơ sở "{base}" trên Rowbase.\nMở tại đây: {link}',
    verifySubject: 'Xác minh địa chỉ email của bạn',
    verifyBody: 'Mở liên kết này để xác minh {email} trên Rowbase: {link}',
    testSubject: 'Email thử nghiệm của Rowbase',
    testBody: 'Đây là thư thử nghiệm từ Rowbase: cài đặt email đang hoạt động.',
    formSubject: 'Phản hồi mới cho {form}',
    formBody: 'Có người đã điền biểu mẫu "{form}" trên Rowbase.\n{answers}\nXem các phản hồi: {link}',
    hookAdded: '{table}: bản ghi được thêm: {count}',
    hookUpdated: '{table}: bản ghi được cập nhật: {count}',
    hookDeleted: '{table}: bản ghi bị xóa: {count}',
    hookSent: '{table}: bản ghi được gửi thủ công: {count}',
    hookMore: '… và {count} bản ghi khác',
  },
  'zh-Hans': {
    resetSubject: '重置密码',
    resetBody:
      '有人请求重置 {email} 在 Rowbase 上的密码。\n请在一小时内打开此链接设置新密码：{link}\n如果不是您本人操作，请忽略此邮件。',
    inviteSubject: '您受邀加入 Rowbase',
    inviteBody: '{inviter} 邀请您加入 Rowbase。\n打开此链接设置密码并登录：{link}',
    inviteBaseSubject: '您受邀加入 Rowbase 上的 {base}',
    inviteBaseBody:
      '{inviter} 邀请您加入 Rowbase 上的数据库“{base}”。\n打开此链接设置密码并打开数据库：{link}',
    baseAccessBody: '{inviter} 已将您添加到 Rowbase 上的数据库“{base}”。\n在此打开：{link}',
    verifySubject: '验证您的电子邮件地址',
    verifyBody: '打开此链接以在 Rowbase 上验证 {email}：{link}',
    testSubject: 'Rowbase 测试邮件',
    testBody: '这是一封来自 Rowbase 的测试邮件：邮件设置工作正常。',
    formSubject: '{form} 有新回复',
    formBody: '有人在 Rowbase 上填写了表单“{form}”。\n{answers}\n查看回复：{link}',
    hookAdded: '{table}：新增记录：{count}',
    hookUpdated: '{table}：更新记录：{count}',
    hookDeleted: '{table}：删除记录：{count}',
    hookSent: '{table}：手动发送记录：{count}',
    hookMore: '… 另有 {count} 条',
  },
  'zh-Hant': {
    resetSubject: '重設密碼',
    resetBody:
      '有人要求重設 {email} 在 Rowbase 上的密碼。\n請在一小時內開啟此連結設定新密碼：{link}\n如果不是您本人操作，請忽略此郵件。',
    inviteSubject: '您受邀加入 Rowbase',
    inviteBody: '{inviter} 邀請您加入 Rowbase。\n開啟此連結設定密碼並登入：{link}',
    inviteBaseSubject: '您受邀加入 Rowbase 上的 {base}',
    inviteBaseBody:
      '{inviter} 邀請您加入 Rowbase 上的資料庫「{base}」。\n開啟此連結設定密碼並開啟資料庫：{link}',
    baseAccessBody: '{inviter} 已將您加入 Rowbase 上的資料庫「{base}」。\n在此開啟：{link}',
    verifySubject: '驗證您的電子郵件地址',
    verifyBody: '開啟此連結以在 Rowbase 上驗證 {email}：{link}',
    testSubject: 'Rowbase 測試郵件',
    testBody: '這是一封來自 Rowbase 的測試郵件：郵件設定運作正常。',
    formSubject: '{form} 有新回覆',
    formBody: '有人在 Rowbase 上填寫了表單「{form}」。\n{answers}\n查看回覆：{link}',
    hookAdded: '{table}：新增記錄：{count}',
    hookUpdated: '{table}：更新記錄：{count}',
    hookDeleted: '{table}：刪除記錄：{count}',
    hookSent: '{table}：手動傳送記錄：{count}',
    hookMore: '… 另有 {count} 筆',
  },
};
