/**
 * @module The core mails' words in each of the server's languages (the web app's eight).
 */
import type { ServerLanguage } from '../../i18n/request-language';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { MailTexts } from './mail-texts';
import { pl } from './pl';
import { ru } from './ru';
import { tr } from './tr';
import { uk } from './uk';

export type { MailTexts } from './mail-texts';

export const MAIL_TEXTS: Readonly<Record<ServerLanguage, MailTexts>> = { en, de, es, fr, pl, ru, tr, uk };
