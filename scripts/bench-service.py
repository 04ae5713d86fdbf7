#!/usr/bin/env python3
"""`make bench-service`: the service as its users run it, against a baseline build, nginx and Takumi, in one run.

Usage: scripts/bench-service.py [--candidate BIN] [--baseline REF] [--rounds N] [--only NAME] [--gate]

Both servers run `relief serve` with its default flags (the access log on, on standard output
redirected to a file), one after the other in alternating rounds (baseline, candidate, and nginx
where it applies), so the machine's slow and fast spells fall on all of them; the table shows
medians. The baseline is a git ref of this repository, built once in a worktree under the
temporary folder (.build/release/relief there); the candidate is this checkout's release binary.

Workloads (wrk on loopback, one thread; every answer must be a 2xx):
- hit:          one cached render, 50 connections; nginx serves the same bytes as a static file
                with one worker and its access log buffered (64 KiB).
- cold mixed:   a new key each request: four styles, rounded buttons of varied size, pressed or
                not, scale 2.
- cold colour:  a new background colour behind the colorful pressed button, scale 2.
- cold label:   a new label on a dark capsule, scale 2 (text shaping on the path).
- cold animation: the colorful switch turning on as an APNG, a new accent colour each.
- cold card:    a 760 x 760 soft card at scale 2, a new background colour each.
The cold workloads use 4 connections. For each: requests/s, and the server's CPU time per request
(user + system, from /proc/PID/stat), which the load generator's own CPU does not inflate.

Then the candidate against Takumi (takumi-py, a Rust HTML/CSS renderer, in this interpreter: run it
with the bench's virtual environment, .venv-bench, which scripts/install-deps.sh bench makes) drawing
the same scenes as HTML with the same box-shadows: a light button on a new background each, a light
card on a new background each, a light button of a new size each, all at scale 2. Each round sends
the same list of new keys to a fresh candidate over 4 keep-alive connections and measures the
server's CPU per render (/proc/PID/stat fields 14 and 15), then has Takumi draw the same list in
process (its CPU from time.process_time()); rounds alternate, the table shows medians: CPU per render,
the ratio, the first bytes each answers (Relief's fast encoding, Takumi's PNG), and the PSNR between
the two pictures of each key (Pillow), median and worst. The HTML takes the canvas, background and
icon from Relief's SVG of the same key, and the face's colour and box-shadows from Relief's CSS of it
(format=css), so both draw the colours the style's recipe gives. CSS casts each box-shadow from the
box alone and clips it under the box, while SPEC §1 casts the second shadow from the first too: on
dark and saturated backgrounds the pictures part there (docs/PERFORMANCE.md has the numbers).

Exits 0; with --gate, 1 when the candidate is more than 10 % worse than the baseline on any
workload's requests/s or CPU per request, below 0.95 x nginx on hits, or answered a non-2xx or
had a socket error (counted in the non-2xx column), or when a scene's CPU per render is over
0.5 x Takumi's, its first bytes larger than Takumi's or its pictures under 45 dB alike.
"""
import argparse
import http.client
import io
import math
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

HIT_QUERY = "/render?style=colorful&pressed=true&scale=2"
HIT_SECONDS, COLD_SECONDS = 5, 6
HIT_CONNECTIONS, COLD_CONNECTIONS = 50, 4

# Each script makes a new key every request; SALT keeps one round's keys apart from another's.
COLD_SCRIPTS = {
    "cold mixed": """
n = 0
styles = {"light", "dark", "colorful", "soft"}
request = function()
  n = n + 1
  return wrk.format("GET", string.format(
    "/render?style=%s&shape=rounded&width=%d&height=%d&margin=%d&pressed=%s&scale=2",
    styles[n % 4 + 1], 100 + n % 100, 60 + math.floor(n / 100) % 100, SALT, (n % 3 == 0) and "true" or "false"))
end
""",
    "cold colour": """
n = 0
request = function()
  n = n + 1
  return wrk.format("GET", string.format("/render?style=colorful&pressed=true&scale=2&margin=%d&background=%06x",
    SALT, (n * 7919 + math.random(0, 4095) * 4096) % 16777216))
end
""",
    "cold label": """
n = 0
request = function()
  n = n + 1
  return wrk.format("GET", string.format(
    "/render?style=dark&shape=capsule&width=160&height=56&scale=2&label=Order%%20%d-%d", SALT, n))
end
""",
    "cold animation": """
n = 0
request = function()
  n = n + 1
  return wrk.format("GET", string.format(
    "/render?component=switch&style=colorful&on=true&animate=true&scale=2&margin=%d&accent=%06x",
    SALT, (n * 104729 + math.random(0, 255)) % 16777216))
end
""",
    "cold card": """
n = 0
request = function()
  n = n + 1
  return wrk.format("GET", string.format("/render?component=card&style=soft&scale=2&margin=%d&background=%06x",
    40 + SALT % 3, (n * 7919 + math.random(0, 4095) * 4096) % 16777216))
end
""",
}
WORKLOADS = ["hit"] + list(COLD_SCRIPTS)

def scene_background(n):
    return f"{(n * 7919 + 1_234_567) % 16777216:06x}"


# Each scene's renders a round and its n-th key. About half a second of the server's CPU a round, so
# the 10 ms ticks of /proc/PID/stat move the figure by 2 % at most.
TAKUMI_SCENES = {
    "light button, new background": (150, lambda n: f"/render?style=light&scale=2&background={scene_background(n)}"),
    "light card, new background": (60, lambda n: f"/render?component=card&style=light&scale=2&background={scene_background(n)}"),
    "light button, new size": (150, lambda n: f"/render?style=light&scale=2&size={60 + n}"),
}
SCENE_SCALE = 2


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url, timeout=30):
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.status, response.read()


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def run_wrk(url, connections, seconds, script=None):
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s"] + (["-s", script] if script else []) + [url]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    failed = (int(bad.group(1)) if bad else 0) + (sum(map(int, re.findall(r"\d+", errors.group(1)))) if errors else 0)
    return rate, requests, failed


class Relief:
    """`relief serve` with its default flags on a free loopback port, its output in a file."""

    def __init__(self, binary, root, work):
        self.port = free_port()
        self.output = open(os.path.join(work, f"relief-{self.port}.log"), "w")
        self.process = subprocess.Popen([binary, "serve", "--port", str(self.port)], cwd=root,
                                        stdout=self.output, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if fetch(self.base + "/healthz", 2)[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise SystemExit(f"bench-service: {binary} did not answer /healthz within 60 s")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.output.close()


class Nginx:
    """nginx serving `body` as a static file: one worker, its access log buffered."""

    def __init__(self, body, work):
        self.work = work
        www = os.path.join(work, "www")
        os.makedirs(www, exist_ok=True)
        os.chmod(work, 0o755)  # nginx's workers run as nobody and must reach the file
        with open(os.path.join(www, "hit.png"), "wb") as file:
            file.write(body)
        port = free_port()
        conf = os.path.join(work, "nginx.conf")
        with open(conf, "w") as file:
            file.write(f"""worker_processes 1; daemon off; pid {work}/nginx.pid; error_log {work}/error.log;
events {{ worker_connections 1024; }}
http {{ access_log {work}/access.log combined buffer=64k;
  server {{ listen 127.0.0.1:{port}; root {www};
    location / {{ types {{ image/png png; }} add_header Cache-Control "public, max-age=31536000, immutable"; }} }} }}
""")
        self.process = subprocess.Popen(["nginx", "-c", conf], stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{port}/hit.png"
        for _ in range(100):
            try:
                if fetch(self.url, 2) == (200, body):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise SystemExit("bench-service: nginx did not serve the file")

    def stop(self):
        self.process.terminate()
        self.process.wait()


def baseline_binary(ref):
    """The release binary of `ref`, built once in a worktree of its own."""
    commit = subprocess.run(["git", "rev-parse", "--short=12", ref], capture_output=True, text=True,
                            check=True).stdout.strip()
    tree = os.path.join(tempfile.gettempdir(), f"relief-bench-service-{commit}")
    binary = os.path.join(tree, ".build", "release", "relief")
    if not os.path.exists(binary):
        if not os.path.isdir(tree):
            subprocess.run(["git", "worktree", "add", "--detach", "-f", tree, commit], check=True, capture_output=True)
        print(f"bench-service: building {ref} ({commit}) in {tree}", file=sys.stderr)
        subprocess.run(["swift", "build", "-c", "release", "--product", "relief"], cwd=tree, check=True,
                       stdout=subprocess.DEVNULL)
    return binary, tree


def measure(server, name, salt, work):
    """requests/s, CPU µs per request and non-2xx answers of one workload against one server."""
    if name == "hit":
        fetch(server.base + HIT_QUERY)
        before = cpu_seconds(server.process.pid)
        rate, requests, bad = run_wrk(server.base + HIT_QUERY, HIT_CONNECTIONS, HIT_SECONDS)
    else:
        script = os.path.join(work, f"{name.replace(' ', '-')}-{salt}.lua")
        with open(script, "w") as file:
            file.write(COLD_SCRIPTS[name].replace("SALT", str(salt)))
        before = cpu_seconds(server.process.pid)
        rate, requests, bad = run_wrk(server.base, COLD_CONNECTIONS, COLD_SECONDS, script)
    return rate, (cpu_seconds(server.process.pid) - before) * 1e6 / max(requests, 1), bad


def psnr(first, second):
    """Peak signal-to-noise ratio, in dB, between two pictures' RGB (infinite when they are equal)."""
    from PIL import Image, ImageChops
    a, b = (Image.open(io.BytesIO(png)).convert("RGB") for png in (first, second))
    if a.size != b.size:
        raise SystemExit(f"bench-service: pictures of {a.size} and {b.size} pixels cannot be compared")
    histogram = ImageChops.difference(a, b).histogram()
    squared = sum(count * (value % 256) ** 2 for value, count in enumerate(histogram))
    mean = squared / (a.size[0] * a.size[1] * 3)
    return math.inf if mean == 0 else 10 * math.log10(255 ** 2 / mean)


class TakumiScenes:
    """Takumi drawing the scenes of TAKUMI_SCENES as HTML."""

    def __init__(self):
        try:
            import takumi_py
        except ImportError:
            raise SystemExit("bench-service: takumi_py is missing: run this script with .venv-bench/bin/python "
                             "(scripts/install-deps.sh bench makes it)")
        self.renderer = takumi_py.Renderer()

    @staticmethod
    def page(svg, css):
        """The HTML of the light scene Relief draws as `svg` and `css` (its SVG and CSS of the same
        key): the canvas, background, face and icon where the SVG has them, the face's colour and
        box-shadows as the CSS writes them; and the picture's size in pixels."""
        face = re.search(r"\n\.relief-screen-1 \{([^}]*)\}", css).group(1)
        face_colour, shadows = (re.search(rf"\n  {name}: ([^;]*);", face).group(1) for name in ("background", "box-shadow"))
        number = r"(-?[\d.]+)"
        width, height = (float(v) for v in re.search(rf'<svg[^>]* width="{number}" height="{number}"', svg).groups())
        background = re.search(r'<rect x="0" y="0" [^>]*fill="#(\w+)"', svg).group(1)
        x, y, w, h, r = re.search(
            rf'<rect x="{number}" y="{number}" width="{number}" height="{number}" rx="{number}"', svg).groups()
        icon = ""
        for path in re.findall(r'<path d="[^"]*" fill="#8e8e93"/>', svg):
            # In a box of its own around its ink, as an icon is laid out.
            values = [float(v) for v in re.findall(r"-?[\d.]+", path.split('fill=')[0])]
            xs, ys = values[0::2], values[1::2]
            box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            icon += (f'<svg style="position: absolute; left: {box[0]}px; top: {box[1]}px" width="{box[2]}" '
                     f'height="{box[3]}" viewBox="{box[0]} {box[1]} {box[2]} {box[3]}">{path}</svg>')
        html = (f'<div style="display: flex; position: relative; width: {width}px; height: {height}px; '
                f'background: #{background}">'
                f'<div style="position: absolute; left: {x}px; top: {y}px; width: {w}px; height: {h}px; '
                f'border-radius: {r}px; background: {face_colour}; box-shadow: {shadows}"></div>{icon}</div>')
        return html, (round(width * SCENE_SCALE), round(height * SCENE_SCALE))

    def draw(self, html, pixels):
        width, height = pixels
        return self.renderer.render_html(html, width=width, height=height, device_pixel_ratio=float(SCENE_SCALE))

    def cpu_per_render(self, pages):
        """Takumi's CPU seconds per picture of `pages` (HTML and pixel size), drawn in this process, and the PNGs."""
        before = time.process_time()
        pictures = [self.draw(html, pixels) for html, pixels in pages]
        return (time.process_time() - before) / len(pages), pictures


def relief_cpu_per_render(server, queries):
    """The server's CPU seconds per render of `queries`, sent over COLD_CONNECTIONS keep-alive
    connections, and the answers' bodies."""
    bodies = [None] * len(queries)

    def send(first):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        try:
            for index in range(first, len(queries), COLD_CONNECTIONS):
                connection.request("GET", queries[index])
                response = connection.getresponse()
                bodies[index] = response.read()
                if response.status != 200:
                    raise SystemExit(f"bench-service: {queries[index]} answered {response.status}")
        finally:
            connection.close()

    before = cpu_seconds(server.process.pid)
    with ThreadPoolExecutor(COLD_CONNECTIONS) as pool:
        list(pool.map(send, range(COLD_CONNECTIONS)))
    time.sleep(0.05)  # the access log's writer gathers lines for 10 ms
    return (cpu_seconds(server.process.pid) - before) / len(queries), bodies


def compare_with_takumi(candidate, root, work, rounds):
    """For each scene of TAKUMI_SCENES: medians of Relief's and Takumi's CPU per render and first
    bytes, and the median and worst PSNR between their pictures of one key."""
    takumi = TakumiScenes()
    server = Relief(candidate, root, work)
    try:
        scenes = {name: ([scene(n) for n in range(count)], [
            takumi.page(*(fetch(server.base + scene(n) + f"&format={kind}")[1].decode() for kind in ("svg", "css")))
            for n in range(count)]) for name, (count, scene) in TAKUMI_SCENES.items()}
    finally:
        server.stop()
    takumi.draw(*scenes["light button, new background"][1][0])  # code and fonts in
    results = {}
    for name, (queries, pages) in scenes.items():
        runs = {"relief": [], "takumi": []}
        for _ in range(rounds):
            server = Relief(candidate, root, work)
            try:
                fetch(server.base + "/render?style=dark&scale=2&shape=rounded&margin=33")  # code and fonts in
                cpu, bodies = relief_cpu_per_render(server, queries)
            finally:
                server.stop()
            runs["relief"].append((cpu, statistics.median(map(len, bodies))))
            cpu, pictures = takumi.cpu_per_render(pages)
            runs["takumi"].append((cpu, statistics.median(map(len, pictures))))
        results[name] = {who: tuple(statistics.median(r[i] for r in got) for i in range(2)) for who, got in runs.items()}
        alike = [psnr(a, b) for a, b in zip(bodies, pictures)]
        results[name]["psnr"] = (statistics.median(alike), min(alike))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--candidate", default=".build/release/relief")
    parser.add_argument("--baseline", default="HEAD", help="a git ref of this repository (default HEAD)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=WORKLOADS + ["takumi"], help="one workload, or the comparison with Takumi")
    parser.add_argument("--gate", action="store_true")
    args = parser.parse_args()
    for tool in ("wrk", "nginx", "git", "swift"):
        if not shutil.which(tool):
            raise SystemExit(f"bench-service: {tool} is missing (scripts/install-deps.sh bench)")
    if not os.access(args.candidate, os.X_OK):
        raise SystemExit(f"bench-service: no executable at {args.candidate} (make binary)")
    work = tempfile.mkdtemp(prefix="relief-bench-service-")
    os.chmod(work, 0o755)
    if args.only == "takumi":
        sys.exit(report_takumi(args, work))
    baseline, baseline_root = baseline_binary(args.baseline)
    names = [args.only] if args.only else WORKLOADS
    servers = (("baseline", baseline, baseline_root), ("candidate", os.path.abspath(args.candidate), os.getcwd()))
    results = {}
    salt = int(time.time()) % 1000
    for name in names:
        runs = {"baseline": [], "candidate": [], "nginx": []}
        for round_number in range(args.rounds):
            salt += 7
            for who, binary, root in servers:
                server = Relief(binary, root, work)
                try:
                    runs[who].append(measure(server, name, salt, work))
                    if name == "hit" and who == "candidate":
                        nginx = Nginx(fetch(server.base + HIT_QUERY)[1], os.path.join(work, f"nginx-{round_number}"))
                        try:
                            runs["nginx"].append((run_wrk(nginx.url, HIT_CONNECTIONS, HIT_SECONDS)[0], float("nan"), 0))
                        finally:
                            nginx.stop()
                finally:
                    server.stop()
        results[name] = {who: (statistics.median(r[0] for r in got), statistics.median(r[1] for r in got),
                               sum(r[2] for r in got)) for who, got in runs.items() if got}
    print(f"bench-service: {args.rounds} alternating rounds, medians; baseline {args.baseline}, "
          f"candidate {args.candidate}; default flags (access log on)\n")
    print("| workload | baseline req/s | candidate req/s | × | baseline CPU µs/req | candidate CPU µs/req | × "
          "| nginx req/s | × nginx | non-2xx |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    worse = []
    for name, row in results.items():
        (base_rate, base_cpu, _), (rate, cpu, bad) = row["baseline"], row["candidate"]
        nginx = row.get("nginx")
        versus_nginx = f"{nginx[0]:.0f} | {rate / nginx[0]:.2f}" if nginx else "— | —"
        print(f"| {name} | {base_rate:.0f} | {rate:.0f} | {rate / base_rate:.2f} | {base_cpu:.0f} | {cpu:.0f} | "
              f"{cpu / base_cpu:.2f} | {versus_nginx} | {bad} |")
        if rate / base_rate < 0.9 or cpu / base_cpu > 1.1 or bad:
            worse.append(name)
        if nginx and rate / nginx[0] < 0.95:
            worse.append(f"{name} against nginx")
    if worse:
        print(f"\nworse than the baseline or nginx: {', '.join(worse)}")
    short = report_takumi(args, work) if not args.only else 0
    sys.exit(1 if args.gate and (worse or short) else 0)


def report_takumi(args, work):
    """Prints the comparison with Takumi; with --gate, 1 when a scene misses its targets, else 0."""
    results = compare_with_takumi(os.path.abspath(args.candidate), os.getcwd(), work, args.rounds)
    print(f"\nbench-service: the candidate against Takumi {takumi_version()}, the same scenes at scale {SCENE_SCALE}, "
          f"{args.rounds} alternating rounds, medians; first bytes: Relief's fast encoding, Takumi's PNG\n")
    print("| scene | renders a round | Relief CPU ms/render | Takumi CPU ms/render | × Takumi "
          "| Relief bytes | Takumi bytes | × Takumi | PSNR dB | worst |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    short = []
    for name, row in results.items():
        (cpu, size), (takumi_cpu, takumi_size) = row["relief"], row["takumi"]
        print(f"| {name} | {TAKUMI_SCENES[name][0]} | {cpu * 1e3:.2f} | {takumi_cpu * 1e3:.2f} | {cpu / takumi_cpu:.2f} "
              f"| {size:.0f} | {takumi_size:.0f} | {size / takumi_size:.2f} | {row['psnr'][0]:.1f} | {row['psnr'][1]:.1f} |")
        if cpu > 0.5 * takumi_cpu or size > takumi_size or row["psnr"][1] < 45:
            short.append(name)
    if short:
        print(f"\nshort of 0.5 × Takumi's CPU, its bytes or 45 dB: {', '.join(short)}")
    return 1 if args.gate and short else 0


def takumi_version():
    from importlib.metadata import version
    return f"(takumi-py {version('takumi-py')})"


if __name__ == "__main__":
    main()
