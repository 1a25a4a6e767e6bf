import type { MailStrings } from '../mail-strings.js';

export const ptBR: MailStrings = {
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
};
