// The login page's script (GET /login, docs/login.md "Login page"): no framework, no build step, ES modules of this
// origin. It walks the gateway's own login routes (docs/login.md "Poll states") and shows each state: the QR logins
// here, the phone login in login-phone.js, both ending in finished(). Without the admin token, every call that
// decides where the login goes says `X-Login-Persist: false`: the visitor gets their own session, and the gateway's
// stored login is never touched. With it (typed in below, kept in this page's memory only, sent as
// `Authorization: Bearer`, never in a URL), the gateway stores the login as its own. The page loads under a strict
// Content-Security-Policy: no inline script or style, so nothing here sets a `style` attribute; visibility goes
// through `hidden`.
import { $, admin, call, mask, say, show, sleep } from './login-core.js';
import { phoneLogin } from './login-phone.js';

var KINDS = {
  qq: {
    name: 'QQ',
    get: 'getMainLoginQr',
    check: 'checkMainLoginQr',
    // The QQ check answers at once: poll every ~1.5 s, as QQ's own page does.
    intervalMs: 1500,
    body: function (qr) {
      return { qrsig: qr.qrsig, ptqrtoken: qr.ptqrtoken, loginToken: qr.loginToken };
    },
  },
  wechat: {
    name: 'WeChat',
    get: 'getAltLoginQr',
    check: 'checkAltLoginQr',
    // The WeChat check is a long poll: call again at once.
    intervalMs: 0,
    body: function (qr, last) {
      var body = { uuid: qr.uuid, loginToken: qr.loginToken };
      if (last) body.last = last;
      return body;
    },
  },
  app: {
    name: 'the QQ Music app',
    get: 'getAppLoginQr',
    check: 'checkAppLoginQr',
    // The gateway exchanges this login as soon as the app confirms it: where it goes is said with the QR request.
    storeOnGet: true,
    // The check reads what the gateway recorded: poll like QQ.
    intervalMs: 1500,
    body: function (qr) {
      return { qrcodeId: qr.qrcodeId, loginToken: qr.loginToken };
    },
  },
};
var TABS = ['qq', 'wechat', 'app', 'phone'];
var STATES = {
  waiting: 'Waiting for the scan…',
  scanned: 'Scanned: confirm the login on your phone…',
  confirming: 'Confirmed on your phone: logging in…',
};
/** A QR dead on the phone: QQ says refused, WeChat cancelled, the QQ Music app canceled. */
var REFUSED = { refused: 'The login was refused on the phone.', cancelled: 'The login was canceled on the phone.', canceled: 'The login was canceled on the phone.' };

var kind = 'qq';
// Each QR code is one run; answers of an older run (a tab switched, a new code) are dropped.
var run = 0;
var controller = null;
var phone = null;

function setState(text, tone) {
  say('state', text, tone);
}

/** Ends the QR code being watched, if any: its answers are dropped from now on. */
function stopQr() {
  run++;
  if (controller) controller.abort();
  controller = null;
}

/** A new QR code of the current kind, then its checks until it ends. */
async function start(note) {
  stopQr();
  var mine = run;
  controller = new AbortController();
  var signal = controller.signal;
  var k = KINDS[kind];
  show('done', false);
  show('phone-panel', false);
  show('qr-panel', true);
  show('renew', false);
  show('qr', false);
  $('note').textContent = note || '';
  show('note', !!note);
  $('howto').textContent = 'Scan this code with ' + k.name + ' on your phone.';
  setState('Getting a QR code…');
  try {
    var qr = await call(k.get, { signal: signal, store: k.storeOnGet });
    if (mine !== run) return;
    $('qr').src = qr.img;
    $('qr').alt = 'Login QR code for ' + k.name;
    $('qr').classList.remove('dead');
    show('qr', true);
    setState(STATES.waiting);
    var last;
    for (;;) {
      var answer = await call(k.check, { body: k.body(qr, last), signal: signal, store: !k.storeOnGet });
      if (mine !== run) return;
      if (answer.isOk) return finished(answer);
      last = answer.errcode;
      if (answer.state === 'expired') return start('The previous QR code expired: this is a new one.');
      if (REFUSED[answer.state]) {
        $('qr').classList.add('dead');
        setState(REFUSED[answer.state], 'bad');
        show('renew', true);
        return;
      }
      setState(STATES[answer.state] || answer.message || answer.state);
      if (k.intervalMs) await sleep(k.intervalMs);
      if (mine !== run) return;
    }
  } catch (err) {
    if (mine !== run || (err && err.name === 'AbortError')) return;
    if (err.status === 401 && admin.token) return forgetAdmin('The gateway refused the admin token: type it again.');
    setState(err.message || 'The gateway cannot be reached.', 'bad');
    show('renew', true);
  }
}

/** Every login ends here: the account, and the visitor's session or what the gateway did with the login. */
function finished(answer) {
  var session = answer.session || {};
  var account = mask((session.cookieObject && session.cookieObject.qqmusic_uin) || session.uin);
  show('qr-panel', false);
  show('phone-panel', false);
  show('done', true);
  if (admin.token) {
    show('session-box', false);
    $('account').textContent = answer.persisted
      ? 'Logged in as account ' + account + ": stored as the gateway's login."
      : answer.persistPending
        ? 'Logged in as account ' + account + ': the gateway uses it now and stores it once its Redis answers.'
        : 'Logged in as account ' + account + ", but the gateway could not store the login (see the gateway's log).";
    $('account').setAttribute('data-tone', answer.persisted || answer.persistPending ? 'good' : 'bad');
    storedLogin().then(function (status) {
      if (status && admin.token) adminState("The gateway's stored login now: " + describe(status) + '.', 'good');
    });
  } else {
    $('account').textContent = 'Logged in as account ' + account + '.';
    $('account').setAttribute('data-tone', 'good');
    $('session').value = session.cookie || '';
    $('copied').textContent = '';
    show('session-box', true);
  }
  $('again').focus();
}

/** Shows a tab's login: a new QR code, or the phone form from its number. */
function choose(next) {
  kind = next;
  TABS.forEach(function (name) {
    var tab = $('tab-' + name);
    tab.setAttribute('aria-selected', String(name === kind));
    // One tab stop for the tab list: the arrow keys move between the tabs.
    tab.tabIndex = name === kind ? 0 : -1;
  });
  if (kind !== 'phone') {
    $('qr-panel').setAttribute('aria-labelledby', 'tab-' + kind);
    return start();
  }
  stopQr();
  show('done', false);
  show('qr-panel', false);
  show('phone-panel', true);
  phone.reset();
}

/** The tab list's keys (WAI-ARIA tabs): arrows, Home and End select the tab they reach and focus it. */
function tabKeys(event) {
  var at = TABS.indexOf(kind);
  var to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  var next = TABS[(to + TABS.length) % TABS.length];
  choose(next);
  $('tab-' + next).focus();
}

function adminState(text, tone) {
  say('admin-state', text, tone);
}

/** The admin status route (GET /user/credential/status): a Response, or null when the gateway cannot be reached. */
function credentialStatus(token) {
  return fetch('user/credential/status', { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store', credentials: 'same-origin' }).catch(function () {
    return null;
  });
}

/** The stored login's state (never a secret: the account comes masked), or null. */
function storedLogin() {
  return credentialStatus(admin.token).then(function (res) {
    if (!res || !res.ok) return null;
    return res.json().then(
      function (body) {
        return body.data || body;
      },
      function () {
        return null;
      },
    );
  });
}

function describe(status) {
  return status.present ? 'account ' + status.uin : 'no stored login';
}

/** Tries the token on the admin status route first: a wrong one never reaches a login. */
async function useAdmin() {
  var token = $('admin-token').value.trim();
  if (!token) return adminState('Type the admin token first.', 'bad');
  adminState('Checking the token…');
  var res = await credentialStatus(token);
  if (!res) return adminState('The gateway cannot be reached.', 'bad');
  if (res.status === 404) return adminState('This gateway has no admin token (ADMIN_TOKEN is not set): it cannot store a login as its own.', 'bad');
  if (res.status === 401) return adminState('Wrong admin token.', 'bad');
  if (!res.ok) return adminState('The gateway answered HTTP ' + res.status + '.', 'bad');
  var body = await res.json().catch(function () {
    return {};
  });
  var status = body.data || body;
  admin.token = token;
  $('admin-token').value = '';
  show('admin-use', false);
  show('admin-forget', true);
  adminState("Admin token accepted: the next login is stored as the gateway's own (now: " + describe(status) + ').', 'good');
  // A QR's login is decided with its checks (or its request): a new one. The phone form's next check carries the token.
  if (kind !== 'phone') start("A new QR code: its login will be stored as the gateway's own.");
}

function forgetAdmin(message) {
  admin.token = '';
  show('admin-use', true);
  show('admin-forget', false);
  adminState(message || "Admin token forgotten: logins here are the visitor's own again.", message ? 'bad' : '');
  // The phone form keeps its code: its next check goes without the token.
  if (kind !== 'phone') start();
}

function copySession() {
  var text = $('session').value;
  var done = function () {
    $('copied').textContent = 'Copied.';
  };
  var fallback = function () {
    $('session').select();
    $('copied').textContent = 'Selected: copy it with Ctrl+C (⌘C).';
  };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}

document.addEventListener('DOMContentLoaded', function () {
  phone = phoneLogin({
    finished: finished,
    adminRefused: function () {
      forgetAdmin('The gateway refused the admin token: type it again.');
    },
  });
  TABS.forEach(function (name) {
    $('tab-' + name).addEventListener('click', function () {
      choose(name);
    });
    $('tab-' + name).addEventListener('keydown', tabKeys);
  });
  $('renew').addEventListener('click', function () {
    start();
  });
  $('again').addEventListener('click', function () {
    choose(kind);
  });
  $('copy').addEventListener('click', copySession);
  $('admin-use').addEventListener('click', useAdmin);
  $('admin-token').addEventListener('keydown', function (event) {
    if (event.key === 'Enter') useAdmin();
  });
  $('admin-forget').addEventListener('click', function () {
    forgetAdmin();
  });
  window.addEventListener('pagehide', stopQr);
  // `/login#phone` (or #wechat, #app) opens that tab: a link can lead straight to one login.
  var first = location.hash.slice(1);
  choose(TABS.indexOf(first) >= 0 ? first : 'qq');
});
