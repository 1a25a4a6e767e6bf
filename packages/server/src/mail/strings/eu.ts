import type { MailStrings } from '../mail-strings.js';

export const eu: MailStrings = {
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
};
