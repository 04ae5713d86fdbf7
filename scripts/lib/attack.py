"""The floods of scripts/attack.sh, against a relief serve on 127.0.0.1 (run it through the script).

Each scenario runs for a bounded time while a prober sends the requests a normal user would — a
small cold render and /healthz, every 100 ms — and prints what the server did (the statuses it
answered, what its /metrics counted meanwhile, its peak memory) and the prober's latencies.
"""

import base64
import os
import re
import socket
import sys
import threading
import time
import urllib.request
import zlib

PORT = int(os.environ["RELIEF_PORT"])
PID = int(os.environ["RELIEF_PID"])
CACHE_MB = int(os.environ.get("CACHE_MB", "64"))
RENDER_MB = int(os.environ.get("RENDER_MB", "256"))
SECONDS = float(os.environ.get("ATTACK_SECONDS", "10"))

LARGEST = "component=card&width=960&height=960&scale=4&margin=32"
# The largest animation the pixel limits allow: 32 pictures of 1448 x 1448 pixels with low vision.
LARGEST_ANIMATION = ("component=toggle&shape=rounded&width=362&height=362&scale=4&margin=0&animate=true&fps=60&loop=true"
                     "&simulate=lowvision&contrast=high")
IMG_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
counter = iter(range(1, 10**9))
counter_lock = threading.Lock()


def unique():
    with counter_lock:
        return next(counter)


def distinct_radius():
    """A corner radius no earlier request used: 10 to 510 points in steps of 0.001."""
    return f"{10 + unique() % 500_000 / 1000:.3f}"


def connect(timeout=30.0, receive_buffer=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.settimeout(timeout)
    s.connect(("127.0.0.1", PORT))
    return s


def request_bytes(target, headers=""):
    return f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode()


def read_response(s, buffer=b""):
    """One response from `s` after what `buffer` holds: (status, headers, body, rest)."""
    while b"\r\n\r\n" not in buffer:
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        buffer += chunk
    head, _, rest = buffer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError("closed in body")
        rest += chunk
    return status, headers, rest[:length], rest[length:]


def get(target, headers="", timeout=60.0):
    """(status, seconds, content type) of one request on a fresh connection; status 0 on failure."""
    start = time.monotonic()
    try:
        with connect(timeout) as s:
            s.sendall(request_bytes(target, headers + "Connection: close\r\n"))
            status, response_headers, _, _ = read_response(s)
            return status, time.monotonic() - start, response_headers.get("content-type", "")
    except OSError:
        return 0, time.monotonic() - start, ""


def metrics():
    text = urllib.request.urlopen(f"http://127.0.0.1:{PORT}/metrics", timeout=30).read().decode()
    values = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            values[name] = float(value)
    return values


def peak_rss_mib():
    with open(f"/proc/{PID}/status") as f:
        return int(re.search(r"VmHWM:\s+(\d+)", f.read()).group(1)) // 1024


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


class Prober(threading.Thread):
    """A normal user meanwhile: a small cold render and /healthz every 100 ms."""

    def __init__(self):
        super().__init__(daemon=True)
        self.stop = threading.Event()
        self.renders, self.health, self.statuses = [], [], {}

    def run(self):
        while not self.stop.is_set():
            status, seconds, _ = get(f"/render?style=dark&size=77.{unique():06d}", timeout=30)
            self.renders.append(seconds)
            self.statuses[status] = self.statuses.get(status, 0) + 1
            status, seconds, _ = get("/healthz", timeout=30)
            self.health.append(seconds)
            self.statuses[f"healthz {status}"] = self.statuses.get(f"healthz {status}", 0) + 1
            self.stop.wait(0.1)

    def report(self):
        ms = lambda values, p: percentile(values, p) * 1000
        return (f"normal requests meanwhile: small cold renders p50 {ms(self.renders, 50):.0f} ms, "
                f"p95 {ms(self.renders, 95):.0f} ms, max {max(self.renders, default=0) * 1000:.0f} ms; "
                f"/healthz p50 {ms(self.health, 50):.1f} ms, p95 {ms(self.health, 95):.1f} ms; "
                f"statuses {dict(sorted(self.statuses.items(), key=str))}")


def count(statuses):
    tally = {}
    for status in statuses:
        tally[status] = tally.get(status, 0) + 1
    return dict(sorted(tally.items(), key=str))


COUNTERS = ["relief_renders_refused_overloaded_total", "relief_renders_refused_too_large_total", "relief_renders_dropped_total",
            "relief_cache_misses_total"]


def scenario(name, attack):
    """Runs `attack` (which returns a line of what it saw) with a prober, and prints the outcome."""
    before = metrics()
    prober = Prober()
    prober.start()
    started = time.monotonic()
    seen = attack()
    elapsed = time.monotonic() - started
    prober.stop.set()
    prober.join()
    after = metrics()
    deltas = ", ".join(f"{c.replace('relief_', '').replace('_total', '')} +{int(after.get(c, 0) - before.get(c, 0))}"
                       for c in COUNTERS)
    print(f"\n## {name} ({elapsed:.1f} s)\n- attack: {seen}\n- server: {deltas}; "
          f"open connections {int(after.get('relief_http_open_connections', 0))}; peak RSS so far {peak_rss_mib()} MiB "
          f"(bound {CACHE_MB} + {RENDER_MB} + 64 = {CACHE_MB + RENDER_MB + 64} MiB)\n- {prober.report()}", flush=True)


def in_threads(count, body):
    threads = [threading.Thread(target=body, args=(i,), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(SECONDS * 6)


def keep_asking(clients, target):
    """`clients` clients each asking for `target()`, the next once the last is answered, for SECONDS: their statuses."""
    statuses = []

    def client(i):
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            status, _, _ = get(target(), timeout=120)
            statuses.append(status)

    in_threads(clients, client)
    return statuses


def largest_renders():
    statuses = keep_asking(16, lambda: f"/render?{LARGEST}&simulate=lowvision&radius={distinct_radius()}")
    return f"16 clients sending the largest image (4096 x 4096, simulate=lowvision, distinct) for {SECONDS:.0f} s: {count(statuses)}"


def largest_animations(clients):
    """The flood of `clients` clients each sending the largest animation, distinct."""
    def attack():
        statuses = keep_asking(clients, lambda: f"/render?{LARGEST_ANIMATION}&radius={distinct_radius()}")
        return (f"{clients} client{'s' if clients > 1 else ''} sending the largest animation (toggle, 32 pictures of "
                f"1448 x 1448, simulate=lowvision, distinct) for {SECONDS:.0f} s: {count(statuses)}")
    return attack


def screen_target(layout, rest=""):
    """The /screen URL of `layout`: raw DEFLATE in base64url without padding, then `rest`."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    source = base64.urlsafe_b64encode(packer.compress(layout.encode()) + packer.flush()).rstrip(b"=").decode()
    return f"/screen?source={source}" + (f"&{rest}" if rest else "")


def long_text_screens():
    """Two clients sending the screens whose layout or parse is the work, distinct each time: 38 texts
    of 200 characters without a space (refused as too tall once laid out), 12 texts of 256 characters
    drawn as JSON, and 62 switches with seven modifiers each behind one the query refuses once every
    element's spec is read (the costliest parse the limits allow, refused before any worker)."""
    def word(length):
        n = unique()
        return "".join("abcdefghijklmnopqrstuvwxyz"[(n * 7 + i * i) % 26] for i in range(length))

    def target():
        kind = unique() % 3
        if kind == 0:
            return screen_target("VStack {\n" + "".join(f'    Text("{word(200)}")\n' for _ in range(38)) + "}")
        if kind == 1:
            return screen_target("VStack {\n" + "".join(f'    Text("{word(256)}")\n' for _ in range(12)) + "}", "format=json")
        switches = "".join(f'    Toggle("{word(12)}", isOn: true).style(.dark).accent("ff8800").light(.top)'
                           ".contrast(.high).padding(4).frame(width: 200)\n" for _ in range(62))
        return screen_target("VStack {\n" + switches + "    Switch(width: 60, height: 60)\n}")

    statuses = keep_asking(2, target)
    return (f"2 clients sending screens of long texts (38 x 200 characters unbroken, 12 x 256 as JSON) and the "
            f"costliest parse, refused, for {SECONDS:.0f} s: {count(statuses)}")


def largest_audits():
    statuses = []
    in_threads(4, lambda i: statuses.append(get(f"/audit?{LARGEST}&simulate=lowvision&radius={distinct_radius()}",
                                                 timeout=300)[0]))
    return f"4 audits of the largest query with simulate=lowvision at once: {count(statuses)}"


def pipelines():
    results = {}

    def pipeline(length, tag):
        with connect(timeout=120) as s:
            targets = [f"/render?size=16.{i:03d}&margin={tag}" for i in range(length)]
            s.sendall(b"".join(request_bytes(t) for t in targets))
            rest, statuses = b"", []
            for _ in targets:
                status, _, _, rest = read_response(s, rest)
                statuses.append(status)
            results[(length, tag)] = statuses

    threads = [threading.Thread(target=pipeline, args=(1000, 1))] + \
        [threading.Thread(target=pipeline, args=(50, 100 + i)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    long = results.get((1000, 1), [])
    short = [s for (length, _), statuses in results.items() if length == 50 for s in statuses]
    return (f"1 connection pipelining 1,000 distinct renders: {len(long)} answered {count(long)}; "
            f"20 connections pipelining 50 each: {len(short)} answered {count(short)}")


def slowloris():
    closed = []

    def client(i):
        try:
            with connect(timeout=SECONDS + 15) as s:
                s.sendall(b"GET /render?style=dark HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                deadline = time.monotonic() + SECONDS + 12
                while time.monotonic() < deadline:
                    s.sendall(b"X-Slow: 1\r\n")
                    time.sleep(1)
                closed.append("still open")
        except (OSError, ConnectionError):
            closed.append("closed by server")

    in_threads(300, client)
    return f"300 connections sending a header line a second for {SECONDS + 12:.0f} s: {count(closed)}"


def idle_connections():
    sockets, refused = [], 0
    for _ in range(2000):
        try:
            sockets.append(connect(timeout=5))
        except OSError:
            refused += 1
    time.sleep(SECONDS)
    closed = 0
    for s in sockets:
        s.setblocking(False)
        try:
            if s.recv(1) == b"":
                closed += 1
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        s.close()
    return (f"2,000 connections opened and left idle for {SECONDS:.0f} s: {refused} refused by the kernel, "
            f"{closed} closed by the server to make room")


def slow_readers():
    held = []

    def client(i):
        s = connect(timeout=5, receive_buffer=4096)
        s.sendall(request_bytes(f"/render?{LARGEST}&style=colorful&radius={distinct_radius()}"))
        held.append(s)

    in_threads(50, client)
    time.sleep(SECONDS)
    for s in held:
        s.close()
    return f"50 connections asking for the largest colourful image (~500 KB) with a 4 KiB receive buffer, reading nothing for {SECONDS:.0f} s"


def half_closed():
    statuses = []

    def client(i):
        try:
            with connect(timeout=120) as s:
                s.sendall(request_bytes(f"/render?component=card&width=400&height=400&scale=2&radius={distinct_radius()}"))
                s.shutdown(socket.SHUT_WR)
                statuses.append(read_response(s)[0])
        except (OSError, ConnectionError):
            statuses.append("no answer")

    in_threads(200, client)
    return f"200 connections sending a render and shutting their sending side, then waiting: {count(statuses)}"


def closing_clients():
    for _ in range(10):
        s = connect(timeout=5)
        s.sendall(request_bytes(f"/render?{LARGEST}&simulate=lowvision&radius={distinct_radius()}"))
        s.close()
    time.sleep(0.5)
    status, seconds, _ = get(f"/render?style=light&size=33.{unique():06d}")
    return f"10 largest low-vision renders sent and their sockets closed; a small cold render 0.5 s later: {status} in {seconds * 1000:.0f} ms"


def invalid_images():
    kinds = []

    def client(i):
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            status, _, content_type = get(f"/render?size=9{unique()}&style=neon{unique()}", headers=f"Accept: {IMG_ACCEPT}\r\n")
            kinds.append(f"{status} {content_type.split(';')[0]}")

    in_threads(20, client)
    return f"20 clients sending invalid <img> requests (every one a new problem) for {SECONDS:.0f} s: {count(kinds)}"


SCENARIOS = {
    "largest": ("Largest renders", largest_renders),
    "animation": ("One client sending the largest animation", largest_animations(1)),
    "animations": ("16 clients sending the largest animation", largest_animations(16)),
    "audits": ("Audits of the largest query", largest_audits),
    "long-text-screens": ("Two clients sending screens of long texts", long_text_screens),
    "closing": ("Clients that close right after asking", closing_clients),
    "pipelines": ("Pipelines", pipelines),
    "slowloris": ("Slowloris", slowloris),
    "idle": ("Idle connections", idle_connections),
    "slow-readers": ("Slow readers of big images", slow_readers),
    "half-closed": ("Half-closed sockets", half_closed),
    "invalid-images": ("Invalid <img> requests", invalid_images),
}

if __name__ == "__main__":
    chosen = sys.argv[1:] or list(SCENARIOS)
    print(f"# relief attack: 127.0.0.1:{PORT}, cache {CACHE_MB} MiB, renders {RENDER_MB} MiB, {SECONDS:.0f} s a flood")
    for key in chosen:
        name, attack = SCENARIOS[key]
        scenario(name, attack)
    print(f"\npeak RSS of the whole run: {peak_rss_mib()} MiB (bound {CACHE_MB + RENDER_MB + 64} MiB)")
