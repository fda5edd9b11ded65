// What the login page's scripts share (GET /login, docs/login.md "Login page"): the DOM helpers and the one way to
// call the gateway. An ES module, loaded by login.js: the page's CSP allows scripts of this origin only, none inline.

/** The admin token once accepted: in this page's memory only, never stored, never in a URL. */
export const admin = { token: '' };

export function $(id) {
  return document.getElementById(id);
}

export function show(id, visible) {
  $(id).hidden = !visible;
}

/** A status line's text and tone ('good', 'bad' or none): visibility and colour go through attributes, never `style`. */
export function say(id, text, tone) {
  $(id).textContent = text;
  $(id).setAttribute('data-tone', tone || '');
}

/** The account (or a number) as the gateway's logs show it: first two and last two digits. */
export function mask(digits) {
  digits = String(digits || '');
  if (digits.length <= 4) return digits.replace(/./g, '*');
  return digits.slice(0, 2) + digits.slice(2, -2).replace(/./g, '*') + digits.slice(-2);
}

export function sleep(ms) {
  return new Promise(function (resolve) {
    setTimeout(resolve, ms);
  });
}

/** A wait in words: seconds, or minutes past two of them. */
export function waitWords(s) {
  return s < 120 ? s + ' s' : Math.ceil(s / 60) + ' min';
}

/**
 * One call to the gateway, relative to this page. `store`: the call decides whether the login becomes the gateway's
 * own (a check; the app QR's request), so it carries the admin token, or else `X-Login-Persist: false`. A non-2xx
 * answer throws its `{ error, errorCode }` with the status, `Retry-After` (seconds) and a `securityUrl` if any.
 */
export function call(path, options) {
  options = options || {};
  var headers = {};
  if (options.body) headers['Content-Type'] = 'application/json';
  if (options.store) {
    if (admin.token) headers.Authorization = 'Bearer ' + admin.token;
    else headers['X-Login-Persist'] = 'false';
  }
  return fetch(path, {
    method: options.body ? 'POST' : 'GET',
    headers: headers,
    body: options.body ? JSON.stringify(options.body) : undefined,
    cache: 'no-store',
    credentials: 'same-origin',
    signal: options.signal,
  }).then(function (res) {
    return res
      .json()
      .catch(function () {
        return {};
      })
      .then(function (json) {
        if (res.ok) return json;
        var err = new Error(json.error || 'The gateway answered HTTP ' + res.status);
        err.status = res.status;
        err.code = json.errorCode;
        var retry = Number(res.headers.get('Retry-After'));
        if (res.headers.get('Retry-After') && retry >= 0) err.retryAfter = Math.ceil(retry);
        if (typeof json.securityUrl === 'string' && /^https:\/\//.test(json.securityUrl)) err.securityUrl = json.securityUrl;
        throw err;
      });
  });
}
