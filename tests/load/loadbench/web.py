"""HTTP on loopback with the standard library: a cookie-keeping client, the sandbox's OIDC
sign-in, timed API calls and the gateway's upstream totals from /metrics."""

from __future__ import annotations

import html.parser
import http.client
import json
import time
import urllib.parse


class Browser:
    """A cookie-keeping HTTP client that does not follow redirects (stdlib only). Every URL
    is reached on 127.0.0.1; the host name only goes in the Host header."""

    def __init__(self):
        self.jar: dict[str, dict[str, str]] = {}

    def request(self, method: str, url: str, body: bytes | None = None, headers: dict | None = None):
        u = urllib.parse.urlsplit(url)
        conn = http.client.HTTPConnection("127.0.0.1", u.port, timeout=60)
        hdrs = {"Host": u.netloc, **(headers or {})}
        cookies = self.jar.get(u.netloc)
        if cookies:
            hdrs["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        target = u.path + (f"?{u.query}" if u.query else "")
        conn.request(method, target, body=body, headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        for name, value in resp.getheaders():
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _, val = pair.partition("=")
                if "max-age=0" in value.lower():
                    self.jar.get(u.netloc, {}).pop(key.strip(), None)
                else:
                    self.jar.setdefault(u.netloc, {})[key.strip()] = val.strip()
        conn.close()
        return resp.status, dict((k.lower(), v) for k, v in resp.getheaders()), data


class SignInForm(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.action = None
        self.fields: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and self.action is None:
            self.action = a.get("action", "")
        if tag == "input" and a.get("name"):
            self.fields.append((a["name"], a.get("value") or ""))


def sign_in(gateway_origin: str, user: str) -> str:
    """The real OIDC code flow against the sandbox's dev issuer; answers `lp_session=...`."""
    b = Browser()
    status, headers, _ = b.request("GET", f"{gateway_origin}/oidc/login")
    assert status == 302, f"login answered {status}"
    authorize = headers["location"]
    status, _, page = b.request("GET", authorize)
    assert status == 200, f"authorize answered {status}"
    form = SignInForm()
    form.feed(page.decode())
    action = urllib.parse.urljoin(authorize, form.action or "")
    fields = [(k, v) for k, v in form.fields if k not in ("username", "password")]
    fields += [("username", user), ("password", "demo")]
    body = urllib.parse.urlencode(fields).encode()
    status, headers, _ = b.request("POST", action, body, {"Content-Type": "application/x-www-form-urlencoded"})
    assert status in (302, 303), f"sign-in form answered {status}"
    status, _, _ = b.request("GET", headers["location"])
    assert status == 302, f"callback answered {status}"
    netloc = urllib.parse.urlsplit(gateway_origin).netloc
    value = b.jar.get(netloc, {}).get("lp_session")
    assert value, "no session cookie after the callback"
    return f"lp_session={value}"


def sign_in_many(gateway_origin: str, user: str, count: int) -> list[str]:
    """`count` sessions of `user`, each signed in as by a browser of its own."""
    return [sign_in(gateway_origin, user) for _ in range(count)]


def timed_get(origin: str, path: str, cookie: str) -> tuple[int, float, int]:
    """One API GET the way the client makes it: status, milliseconds, body bytes."""
    u = urllib.parse.urlsplit(origin)
    conn = http.client.HTTPConnection("127.0.0.1", u.port, timeout=60)
    conn.connect()
    start = time.perf_counter()
    conn.request("GET", path, headers={"Host": u.netloc, "Cookie": cookie, "X-Requested-With": "XMLHttpRequest"})
    resp = conn.getresponse()
    body = resp.read()
    elapsed = (time.perf_counter() - start) * 1000
    conn.close()
    return resp.status, elapsed, len(body)


def upstream_totals(metrics_origin: str) -> tuple[float, float]:
    """Upstream calls and their seconds so far, from the gateway's /metrics."""
    u = urllib.parse.urlsplit(metrics_origin)
    conn = http.client.HTTPConnection("127.0.0.1", u.port, timeout=30)
    conn.request("GET", "/metrics")
    text = conn.getresponse().read().decode()
    conn.close()
    count = total = 0.0
    for line in text.splitlines():
        if line.startswith("gateway_upstream_call_duration_seconds_count"):
            count += float(line.rsplit(" ", 1)[1])
        elif line.startswith("gateway_upstream_call_duration_seconds_sum"):
            total += float(line.rsplit(" ", 1)[1])
    return count, total


def timed_get_json(origin: str, path: str, cookie: str):
    b = Browser()
    netloc = urllib.parse.urlsplit(origin).netloc
    b.jar[netloc] = dict([cookie.split("=", 1)])
    status, headers, body = b.request("GET", origin + path, headers={"X-Requested-With": "XMLHttpRequest"})
    return status, headers, json.loads(body)
