import type { MailStrings } from '../mail-strings.js';

export const id: MailStrings = {
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
};
