import type { MailStrings } from '../mail-strings.js';

export const hi: MailStrings = {
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
};
