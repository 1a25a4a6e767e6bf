import type { MailStrings } from '../mail-strings.js';

export const fr: MailStrings = {
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
  formBody: 'Quelqu’un a rempli le formulaire « {form} » sur Rowbase.\n{answers}\nVoir les réponses : {link}',
  hookAdded: '{table}: enregistrements ajoutés: {count}',
  hookUpdated: '{table}: enregistrements modifiés: {count}',
  hookDeleted: '{table}: enregistrements supprimés: {count}',
  hookSent: '{table}: enregistrements envoyés manuellement: {count}',
  hookMore: '… et {count} de plus',
};
