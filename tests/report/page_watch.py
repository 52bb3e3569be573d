#!/usr/bin/env python3
"""page_watch.py CHROMIUM URL -- loads URL in headless Chromium through the
DevTools protocol (--remote-debugging-pipe, no network port) and prints one
line per problem the page has: an uncaught exception, a console error, an
error logged by the browser (a resource that failed to load), a request
for anything but the page itself, a load that failed.  Exits 0 when there
is none, 1 when there is one or more, 2 when the browser could not be
driven.  The standard library only.
"""
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 60.0  # seconds for the whole page


class Browser:
    def __init__(self, chromium, profile):
        # The browser reads commands on its fd 3 and answers on fd 4.
        cmd_read, self.cmd_write = os.pipe()
        self.out_read, out_write = os.pipe()

        def child_fds():
            # Out of the way first: either pipe may already sit on 3 or 4.
            r, w = os.dup(cmd_read), os.dup(out_write)
            os.dup2(r, 3)
            os.dup2(w, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--no-first-run",
             "--no-default-browser-check", "--user-data-dir=" + profile,
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, preexec_fn=child_fds, close_fds=False)
        os.close(cmd_read)
        os.close(out_write)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.cmd_write, json.dumps(msg).encode() + b"\0")
        return self.next_id

    def read(self, deadline):
        """The next message, or None past the deadline."""
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.out_read], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.out_read, 1 << 16)
            if not chunk:
                raise EOFError("the browser closed its pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None):
        want = self.send(method, params, session)
        deadline = time.monotonic() + TIMEOUT
        while True:
            msg = self.read(deadline)
            if msg is None:
                raise TimeoutError(method)
            if msg.get("id") == want:
                if "error" in msg:
                    raise RuntimeError(method + ": " + str(msg["error"]))
                return msg.get("result", {})
            self.events.append(msg)

    def close(self):
        try:
            self.send("Browser.close")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()
        os.close(self.cmd_write)
        os.close(self.out_read)


def problem_of(event, page_url):
    """The problem an event reports, or None."""
    method, p = event.get("method"), event.get("params", {})
    if method == "Runtime.exceptionThrown":
        d = p.get("exceptionDetails", {})
        text = d.get("exception", {}).get("description") or d.get("text")
        return "uncaught exception: %s" % text
    if method == "Runtime.consoleAPICalled" and p.get("type") in (
            "error", "assert", "warning"):
        args = " ".join(str(a.get("value", a.get("description", "")))
                        for a in p.get("args", []))
        return "console %s: %s" % (p["type"], args)
    if method == "Log.entryAdded":
        e = p.get("entry", {})
        if e.get("level") == "error":
            return "browser error (%s): %s %s" % (
                e.get("source"), e.get("text"), e.get("url", ""))
    if method == "Network.requestWillBeSent":
        url = p.get("request", {}).get("url", "")
        if url != page_url and not url.startswith("data:"):
            return "resource requested: %s" % url
    if method == "Network.loadingFailed":
        return "load failed: %s (%s)" % (p.get("errorText"),
                                         p.get("requestId"))
    return None


def watch(chromium, url):
    profile = tempfile.mkdtemp(prefix="page_watch.")
    browser = Browser(chromium, profile)
    problems = []
    try:
        target = browser.call("Target.createTarget",
                              {"url": "about:blank"})["targetId"]
        session = browser.call("Target.attachToTarget",
                               {"targetId": target,
                                "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Network", "Page"):
            browser.call(domain + ".enable", session=session)
        browser.call("Page.navigate", {"url": url}, session=session)
        deadline = time.monotonic() + TIMEOUT
        loaded = None
        while True:
            msg = browser.events.pop(0) if browser.events else \
                browser.read(deadline)
            if msg is None:
                break
            if msg.get("method") == "Page.loadEventFired" and not loaded:
                loaded = time.monotonic()
                deadline = loaded + 1.0  # what comes just after the load
            problem = problem_of(msg, url)
            if problem:
                problems.append(problem)
        if not loaded:
            problems.append("the page did not finish loading in %gs"
                            % TIMEOUT)
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    return problems


def main():
    if len(sys.argv) != 3:
        print("usage: page_watch.py CHROMIUM URL", file=sys.stderr)
        return 2
    try:
        problems = watch(sys.argv[1], sys.argv[2])
    except (OSError, EOFError, TimeoutError, RuntimeError, ValueError) as e:
        print("page_watch: cannot drive the browser: %s" % e,
              file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
