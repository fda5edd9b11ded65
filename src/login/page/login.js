// The login page's script (GET /login, docs/login.md "Login page"): no framework, no build step. It walks the
// gateway's own QR login routes (docs/login.md "Poll states") and shows each state. Without the admin token, every
// check says `X-Login-Persist: false`: the visitor gets their own session, and the gateway's stored login is never
// touched. With it (typed in below, kept in this page's memory only, sent as `Authorization: Bearer`, never in a
// URL), the gateway stores the login as its own. The page loads under a strict Content-Security-Policy: no inline
// script or style, so nothing here sets a `style` attribute; visibility goes through `hidden`.
'use strict';

(function () {
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
  };
  var STATES = {
    waiting: 'Waiting for the scan…',
    scanned: 'Scanned: confirm the login on your phone…',
  };

  var kind = 'qq';
  var adminToken = '';
  // Each QR code is one run; answers of an older run (a tab switched, a new code) are dropped.
  var run = 0;
  var controller = null;

  function $(id) {
    return document.getElementById(id);
  }

  function show(id, visible) {
    $(id).hidden = !visible;
  }

  function setState(text, tone) {
    $('state').textContent = text;
    $('state').setAttribute('data-tone', tone || '');
  }

  /** The account as the gateway's logs show it: first two and last two digits. */
  function mask(uin) {
    uin = String(uin || '');
    if (uin.length <= 4) return uin.replace(/./g, '*');
    return uin.slice(0, 2) + uin.slice(2, -2).replace(/./g, '*') + uin.slice(-2);
  }

  function sleep(ms) {
    return new Promise(function (resolve) {
      setTimeout(resolve, ms);
    });
  }

  /** One call to the gateway; a non-2xx answer throws its `{ error, errorCode }`. URLs are relative to this page. */
  function call(path, body, signal) {
    var headers = {};
    if (body) {
      headers['Content-Type'] = 'application/json';
      if (adminToken) headers.Authorization = 'Bearer ' + adminToken;
      else headers['X-Login-Persist'] = 'false';
    }
    return fetch(path, {
      method: body ? 'POST' : 'GET',
      headers: headers,
      body: body ? JSON.stringify(body) : undefined,
      cache: 'no-store',
      credentials: 'same-origin',
      signal: signal,
    }).then(function (res) {
      return res.json().catch(function () {
        return {};
      }).then(function (json) {
        if (res.ok) return json;
        var err = new Error(json.error || 'The gateway answered HTTP ' + res.status);
        err.status = res.status;
        err.code = json.errorCode;
        throw err;
      });
    });
  }

  /** A new QR code of the current kind, then its checks until it ends. */
  async function start(note) {
    var mine = ++run;
    if (controller) controller.abort();
    controller = new AbortController();
    var signal = controller.signal;
    var k = KINDS[kind];
    show('done', false);
    show('qr-panel', true);
    show('renew', false);
    show('qr', false);
    $('note').textContent = note || '';
    show('note', !!note);
    $('howto').textContent = 'Scan this code with ' + k.name + ' on your phone.';
    setState('Getting a QR code…');
    try {
      var qr = await call(k.get, null, signal);
      if (mine !== run) return;
      $('qr').src = qr.img;
      $('qr').alt = k.name + ' login QR code';
      $('qr').classList.remove('dead');
      show('qr', true);
      setState(STATES.waiting);
      var last;
      for (;;) {
        var answer = await call(k.check, k.body(qr, last), signal);
        if (mine !== run) return;
        if (answer.isOk) return finished(answer);
        last = answer.errcode;
        if (answer.state === 'expired') return start('The previous QR code expired: this is a new one.');
        if (answer.state === 'refused' || answer.state === 'cancelled') {
          $('qr').classList.add('dead');
          setState('The login was refused on the phone.', 'bad');
          show('renew', true);
          return;
        }
        setState(STATES[answer.state] || answer.message || answer.state);
        if (k.intervalMs) await sleep(k.intervalMs);
        if (mine !== run) return;
      }
    } catch (err) {
      if (mine !== run || (err && err.name === 'AbortError')) return;
      if (err.status === 401 && adminToken) {
        forgetAdmin('The gateway refused the admin token: type it again.');
        return;
      }
      setState(err.message || 'The gateway cannot be reached.', 'bad');
      show('renew', true);
    }
  }

  function finished(answer) {
    var session = answer.session || {};
    var account = mask((session.cookieObject && session.cookieObject.qqmusic_uin) || session.uin);
    show('qr-panel', false);
    show('done', true);
    if (adminToken) {
      show('session-box', false);
      $('account').textContent = answer.persisted
        ? 'Logged in as account ' + account + ": stored as the gateway's login."
        : answer.persistPending
          ? 'Logged in as account ' + account + ': the gateway uses it now and stores it once its Redis answers.'
          : 'Logged in as account ' + account + ", but the gateway could not store the login (see the gateway's log).";
      $('account').setAttribute('data-tone', answer.persisted || answer.persistPending ? 'good' : 'bad');
      storedLogin().then(function (status) {
        if (status && adminToken) adminState("The gateway's stored login now: " + describe(status) + '.', 'good');
      });
    } else {
      $('account').textContent = 'Logged in as account ' + account + '.';
      $('account').setAttribute('data-tone', 'good');
      $('session').value = session.cookie || '';
      $('copied').textContent = '';
      show('session-box', true);
    }
  }

  function choose(next) {
    kind = next;
    ['qq', 'wechat'].forEach(function (name) {
      $('tab-' + name).setAttribute('aria-selected', String(name === kind));
    });
    $('qr-panel').setAttribute('aria-labelledby', 'tab-' + kind);
    start();
  }

  function adminState(text, tone) {
    $('admin-state').textContent = text;
    $('admin-state').setAttribute('data-tone', tone || '');
  }

  /** The admin status route (GET /user/credential/status): a Response, or null when the gateway cannot be reached. */
  function credentialStatus(token) {
    return fetch('user/credential/status', { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store', credentials: 'same-origin' }).catch(function () {
      return null;
    });
  }

  /** The stored login's state (never a secret: the account comes masked), or null. */
  function storedLogin() {
    return credentialStatus(adminToken).then(function (res) {
      return res && res.ok
        ? res.json().then(
            function (body) {
              return body.data || body;
            },
            function () {
              return null;
            },
          )
        : null;
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
    adminToken = token;
    $('admin-token').value = '';
    show('admin-use', false);
    show('admin-forget', true);
    adminState(
      "Admin token accepted: the next login is stored as the gateway's own (now: " + describe(status) + ').',
      'good',
    );
    start('A new QR code: its login will be stored as the gateway\'s own.');
  }

  function forgetAdmin(message) {
    adminToken = '';
    show('admin-use', true);
    show('admin-forget', false);
    adminState(message || "Admin token forgotten: logins here are the visitor's own again.", message ? 'bad' : '');
    start();
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
    $('tab-qq').addEventListener('click', function () {
      choose('qq');
    });
    $('tab-wechat').addEventListener('click', function () {
      choose('wechat');
    });
    $('renew').addEventListener('click', function () {
      start();
    });
    $('again').addEventListener('click', function () {
      start();
    });
    $('copy').addEventListener('click', copySession);
    $('admin-use').addEventListener('click', useAdmin);
    $('admin-token').addEventListener('keydown', function (event) {
      if (event.key === 'Enter') useAdmin();
    });
    $('admin-forget').addEventListener('click', function () {
      forgetAdmin();
    });
    window.addEventListener('pagehide', function () {
      run++;
      if (controller) controller.abort();
    });
    start();
  });
})();
