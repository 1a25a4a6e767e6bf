import type { MailStrings } from '../mail-strings.js';

export const tr: MailStrings = {
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
};
