// The login page's phone number + SMS code login (docs/login.md "Phone number and SMS code"): the number, then the
// code, as often as needed. A wrong code is typed again without a new SMS; a new code is asked for only when the
// gateway's wait (resendIn) is over. The gateway's refusals are told in words with the wait they ask for. The number
// is shown masked, the code never leaves its field but for the check, and is cleared once used.
import { $, admin, call, mask, say, show, waitWords } from './login-core.js';

/** Why a send was refused, in words (the gateway's own message for what the user cannot act on). */
function sendWords(err) {
  var wait = err.retryAfter === undefined ? 'a while' : waitWords(err.retryAfter);
  switch (err.code) {
    case 'BAD_REQUEST':
      return 'That is not a valid phone number of this country code.';
    case 'PHONE_CODE_TOO_SOON':
      return 'A code was sent to this number moments ago: wait ' + wait + ' before asking for another.';
    case 'PHONE_CODE_NUMBER_BUDGET':
      return 'Too many codes were sent to this number this hour: wait ' + wait + ' before asking for another.';
    case 'PHONE_CODE_IP_BUDGET':
      return 'Too many codes were asked for from this address this hour: wait ' + wait + ' before asking for another.';
    case 'LOGIN_UPSTREAM_LIMITED':
      return 'QQ Music sends no more codes to this number for now: wait ' + wait + '.';
    case 'LOGIN_CAPTCHA_REQUIRED':
      return 'QQ Music wants a captcha solved before it sends a code: open the link below, then send the code again.';
    default:
      return err.message || 'The gateway cannot be reached.';
  }
}

/** Why a code was refused, in words. */
function codeWords(err) {
  var wait = err.retryAfter === undefined ? 'a while' : waitWords(err.retryAfter);
  switch (err.code) {
    case 'LOGIN_CODE_WRONG':
      return 'Wrong code: check the latest SMS and type it again.';
    case 'LOGIN_CODE_EXPIRED':
      return 'This code expired: send a new one.';
    case 'LOGIN_CODE_ATTEMPTS':
      return 'Too many tries of this code: send a new one.';
    case 'LOGIN_TOKEN_MISMATCH':
      return 'A newer code was sent to this number from elsewhere: send a new one.';
    case 'LOGIN_UPSTREAM_LIMITED':
      return 'QQ Music takes no more tries for now: wait ' + wait + ', then type the code again.';
    case 'LOGIN_TIMEOUT':
      return 'QQ Music did not answer in time: try the code again.';
    case 'LOGIN_VERIFY_REQUIRED':
      return 'QQ Music wants this account verified first: open the link below.';
    case 'LOGIN_ACCOUNT_RESTRICTED':
      return 'QQ Music restricts this account: it cannot log in here.';
    case 'LOGIN_DEVICE_LIMIT':
      return 'This account is logged in on too many devices.';
    default:
      return err.message || 'The gateway cannot be reached.';
  }
}

/**
 * The phone tab's form. `page.finished(answer)` ends a login as the QR logins end; `page.adminRefused()` when the
 * gateway refuses the admin token. Answers `reset()`, to start over from the number.
 */
export function phoneLogin(page) {
  // The number the last code went to, and its loginToken; a new send replaces both.
  var sent = null;
  var resendTimer = null;
  var busy = false;

  function state(text, tone, link) {
    say('phone-state', text, tone);
    $('phone-link').href = link || '#';
    show('phone-link', !!link);
  }

  function countdown(seconds) {
    clearInterval(resendTimer);
    var until = Date.now() + seconds * 1000;
    var tick = function () {
      var left = Math.ceil((until - Date.now()) / 1000);
      $('phone-resend').disabled = left > 0;
      $('phone-resend').textContent = left > 0 ? 'Send a new code (' + left + ' s)' : 'Send a new code';
      if (left <= 0) clearInterval(resendTimer);
    };
    tick();
    resendTimer = setInterval(tick, 1000);
  }

  function number() {
    var countryCode = $('phone-country').value.trim().replace(/^\+/, '');
    var phone = $('phone-number').value.replace(/[\s().-]/g, '');
    if (!/^\d{1,3}$/.test(countryCode) || Number(countryCode) < 1) return { error: 'The country code is 1 to 3 digits (86 for China).', field: 'phone-country' };
    if (!/^\d{4,14}$/.test(phone)) return { error: 'The phone number is 4 to 14 digits, without the country code.', field: 'phone-number' };
    return { countryCode: Number(countryCode), phone: phone };
  }

  async function send(resend) {
    var target = resend ? sent : number();
    if (busy || !target) return;
    if (target.error) {
      state(target.error, 'bad');
      $(target.field).focus();
      return;
    }
    busy = true;
    state('Sending the code…');
    try {
      var answer = await call('sendPhoneLoginCode', { body: { phone: target.phone, countryCode: target.countryCode } });
      sent = { phone: target.phone, countryCode: target.countryCode, loginToken: answer.loginToken };
      $('phone-sent').textContent =
        'A code was sent by SMS to +' + sent.countryCode + ' ' + mask(sent.phone) + '. It is valid for ' + waitWords(answer.expiresIn) + '.';
      show('phone-number-step', false);
      show('phone-code-step', true);
      $('phone-code').value = '';
      state('');
      countdown(answer.resendIn || 0);
      $('phone-code').focus();
    } catch (err) {
      state(sendWords(err) + (resend && sent ? ' The code sent before still works.' : ''), 'bad', err.securityUrl);
      if (err.retryAfter && resend) countdown(err.retryAfter);
    } finally {
      busy = false;
    }
  }

  async function check() {
    var code = $('phone-code').value.replace(/\s/g, '');
    if (busy || !sent) return;
    if (!/^\d{4,8}$/.test(code)) {
      state('The code is the 4 to 8 digits of the SMS.', 'bad');
      $('phone-code').focus();
      return;
    }
    busy = true;
    state('Checking the code…');
    try {
      var body = { phone: sent.phone, countryCode: sent.countryCode, code: code, loginToken: sent.loginToken };
      var answer = await call('checkPhoneLoginCode', { body: body, store: true });
      $('phone-code').value = '';
      reset();
      page.finished(answer);
    } catch (err) {
      if (err.status === 401 && err.code === 'ADMIN_TOKEN_REQUIRED' && admin.token) return page.adminRefused();
      state(codeWords(err), 'bad', err.securityUrl);
      $('phone-code').select();
      $('phone-code').focus();
    } finally {
      busy = false;
    }
  }

  /** Back to the number (kept in its field), the code and its loginToken forgotten. */
  function reset() {
    sent = null;
    clearInterval(resendTimer);
    show('phone-number-step', true);
    show('phone-code-step', false);
    $('phone-code').value = '';
    state('');
  }

  var enter = function (action) {
    return function (event) {
      if (event.key === 'Enter') action();
    };
  };
  $('phone-send').addEventListener('click', function () {
    send(false);
  });
  $('phone-country').addEventListener('keydown', enter(function () {
    send(false);
  }));
  $('phone-number').addEventListener('keydown', enter(function () {
    send(false);
  }));
  $('phone-check').addEventListener('click', check);
  $('phone-code').addEventListener('keydown', enter(check));
  $('phone-resend').addEventListener('click', function () {
    send(true);
  });
  $('phone-change').addEventListener('click', function () {
    reset();
    $('phone-number').focus();
  });
  return { reset: reset };
}
