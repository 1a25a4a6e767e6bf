import type { MailStrings } from '../mail-strings.js';

export const es: MailStrings = {
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
  formBody: 'Alguien ha rellenado el formulario «{form}» en Rowbase.\n{answers}\nVer las respuestas: {link}',
  hookAdded: '{table}: registros añadidos: {count}',
  hookUpdated: '{table}: registros actualizados: {count}',
  hookDeleted: '{table}: registros eliminados: {count}',
  hookSent: '{table}: registros enviados manualmente: {count}',
  hookMore: '… y {count} más',
};
