import type { MailStrings } from '../mail-strings.js';

export const pt: MailStrings = {
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
};
