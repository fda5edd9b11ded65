import { maskUin } from '../../src/credentials/credential.model';
import { type LoginDriver, LoginFailure, LoginRefusal, type PhoneCodeSent, type PhoneNumber } from './login-drivers';
import type { Prompt } from './prompt';
import { finished, StatusLine } from './terminal-login';

/**
 * `npm run login -- --phone`: the phone number and SMS code login in the terminal (docs/login.md "Terminal login").
 * Asks the number, sends the code, asks the code until one logs in: a wrong code is typed again without a new SMS,
 * Enter alone sends a new one. The gateway's refusals are told in words, with the wait they ask for. The code is
 * never shown (not even as typed, on a terminal), the number only masked.
 */

const DEFAULT_COUNTRY = 86;

/** The number as the output shows it: the country code, then the number masked as the logs mask accounts. */
export const shownNumber = ({ countryCode, phone }: PhoneNumber): string => `+${countryCode} ${maskUin(phone)}`;

/** A wait in words: seconds, or minutes past two of them. */
export const waitWords = (s: number): string => (s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`);

/** Why a send was refused, in words; undefined when the refusal is no user's doing (then its own message is printed). */
function sendRefusal(err: LoginRefusal): string | undefined {
  const wait = err.retryAfterS === undefined ? 'a while' : waitWords(err.retryAfterS);
  switch (err.errorCode) {
    case 'BAD_REQUEST':
      return 'That is not a valid phone number of this country code.';
    case 'PHONE_CODE_TOO_SOON':
      return `A code was sent to this number moments ago: wait ${wait} before asking for another.`;
    case 'PHONE_CODE_NUMBER_BUDGET':
      return `Too many codes were sent to this number this hour: wait ${wait} before asking for another.`;
    case 'PHONE_CODE_IP_BUDGET':
      return `Too many codes were asked for from this address this hour: wait ${wait} before asking for another.`;
    case 'LOGIN_UPSTREAM_LIMITED':
      return `QQ Music sends no more codes to this number for now: wait ${wait}.`;
    case 'LOGIN_CAPTCHA_REQUIRED':
      return `QQ Music wants a captcha solved before it sends a code: open ${err.securityUrl ?? 'the QQ Music app'} in a browser, then run the login again.`;
    default:
      return undefined;
  }
}

/** Why a code was refused, in words, and whether typing a code again (or Enter for a new one) can still log in. */
function codeRefusal(err: LoginRefusal): { words: string; retry: boolean } {
  const wait = err.retryAfterS === undefined ? 'a while' : waitWords(err.retryAfterS);
  switch (err.errorCode) {
    case 'LOGIN_CODE_WRONG':
      return { words: 'Wrong code: check the latest SMS and type it again.', retry: true };
    case 'LOGIN_CODE_EXPIRED':
      return { words: 'This code expired: press Enter alone for a new one.', retry: true };
    case 'LOGIN_CODE_ATTEMPTS':
      return { words: 'Too many tries of this code: press Enter alone for a new one.', retry: true };
    case 'LOGIN_TOKEN_MISMATCH':
      return { words: 'A newer code was sent to this number from elsewhere: press Enter alone for a new one.', retry: true };
    case 'LOGIN_UPSTREAM_LIMITED':
      return { words: `QQ Music takes no more tries for now: wait ${wait}, then type the code again.`, retry: true };
    case 'LOGIN_TIMEOUT':
      return { words: 'QQ Music did not answer in time: type the code again.', retry: true };
    case 'LOGIN_VERIFY_REQUIRED':
      return { words: `QQ Music wants this account verified first${err.securityUrl ? ` (open ${err.securityUrl})` : ''}: nothing was stored.`, retry: false };
    case 'LOGIN_ACCOUNT_RESTRICTED':
      return { words: 'QQ Music restricts this account: nothing was stored.', retry: false };
    case 'LOGIN_DEVICE_LIMIT':
      return { words: 'This account is logged in on too many devices: nothing was stored.', retry: false };
    default:
      return { words: err.message, retry: false };
  }
}

async function askNumber(prompt: Prompt, out: NodeJS.WritableStream): Promise<PhoneNumber> {
  let countryCode: number | undefined;
  while (countryCode === undefined) {
    const answer = (await prompt.ask(`Country calling code (Enter alone for ${DEFAULT_COUNTRY}): `)).replace(/^\+/, '');
    if (!answer) countryCode = DEFAULT_COUNTRY;
    else if (/^\d{1,3}$/.test(answer) && Number(answer) >= 1) countryCode = Number(answer);
    else out.write('The country calling code is 1 to 3 digits (86 for China): type it again.\n');
  }
  for (;;) {
    const phone = (await prompt.ask('Phone number, without the country code: ')).replace(/[\s().-]/g, '');
    if (/^\d{4,14}$/.test(phone)) return { countryCode, phone };
    out.write('The phone number is 4 to 14 digits, without the country code: type it again.\n');
  }
}

/** Sends a code; a refusal with words is printed and answered, any other goes on. */
async function send(driver: LoginDriver, number: PhoneNumber, out: NodeJS.WritableStream): Promise<PhoneCodeSent | LoginRefusal> {
  out.write(`Sending a code by SMS to ${shownNumber(number)}…\n`);
  try {
    const sent = await driver.sendPhoneCode(number);
    out.write(`Code sent: it is valid for ${waitWords(sent.expiresIn)}.\n`);
    return sent;
  } catch (err) {
    const words = err instanceof LoginRefusal ? sendRefusal(err) : undefined;
    if (words === undefined) throw err;
    out.write(`${words}\n`);
    return err as LoginRefusal;
  }
}

/** The phone login, from the number to the stored login; resolves with what the QR logins end with. */
export async function phoneLogin(driver: LoginDriver, prompt: Prompt, out: NodeJS.WritableStream & { isTTY?: boolean }): Promise<string> {
  for (;;) {
    const number = await askNumber(prompt, out);
    const sent = await send(driver, number, out);
    if (!(sent instanceof LoginRefusal)) return codeLoop(driver, prompt, out, number, sent);
    // A number the gateway finds invalid is asked again; any other refused first send ends the login.
    if (sent.errorCode !== 'BAD_REQUEST') throw new LoginFailure('No code was sent: nothing was stored.');
  }
}

async function codeLoop(driver: LoginDriver, prompt: Prompt, out: NodeJS.WritableStream & { isTTY?: boolean }, number: PhoneNumber, first: PhoneCodeSent): Promise<string> {
  let sent = first;
  for (;;) {
    const code = (await prompt.ask('SMS code (not shown as you type; Enter alone for a new code): ', { secret: true })).replace(/\s/g, '');
    if (!code) {
      // Refused (too soon, a budget spent): the code sent before still logs in.
      const again = await send(driver, number, out);
      if (again instanceof LoginRefusal) out.write('The code sent before still logs in until it expires: type it.\n');
      else sent = again;
      continue;
    }
    if (!/^\d{4,8}$/.test(code)) {
      out.write('The code is the 4 to 8 digits of the SMS: type it again.\n');
      continue;
    }
    try {
      const answer = await driver.checkPhoneCode(number, code, sent.loginToken);
      return finished(driver, new StatusLine(out), answer);
    } catch (err) {
      if (!(err instanceof LoginRefusal)) throw err;
      const { words, retry } = codeRefusal(err);
      if (!retry) throw new LoginFailure(words);
      out.write(`${words}\n`);
    }
  }
}
