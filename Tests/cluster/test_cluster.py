"""`make cluster-test`: three `relief serve` replicas behind nginx (scripts/cluster.sh, deploy/nginx/)
on loopback, and what must hold of them: the replicas split the keys, a replica killed or drained
under load costs the clients nothing, a restarted one rejoins, `cluster.sh down` returns only once
every part has exited (killing one that does not stop), and `cluster.sh up` fails cleanly.

RELIEF_BINARY names the server binary (the Makefile passes the release build; default
.build/release/relief). The tests run in file order: the later ones take up the cluster the earlier
ones left. Load is a few client threads for a few seconds: enough to have requests in flight at
every fault, short enough for a shared 2-core machine. Nothing here asserts a time.
"""

import http.client
import io
import itertools
import os
import random
import re
import signal
import socket
import subprocess
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image

REPOSITORY = Path(__file__).resolve().parents[2]
CLUSTER = REPOSITORY / "scripts" / "cluster.sh"
BINARY = Path(os.environ.get("RELIEF_BINARY", REPOSITORY / ".build" / "release" / "relief")).resolve()
REPLICAS = 3
# Long enough to see the draining replica still take nginx's requests on a loaded machine.
DRAIN_SECONDS = 10
# How long the replicas let caches keep a PNG's fast first bytes: short, so that nginx revalidates
# them within the test.
PROVISIONAL_MAX_AGE = 1
FINAL_CACHE_CONTROL = "public, max-age=31536000, immutable"
# Upper bounds only, so a slow machine never fails a test: a replica's drain and shutdown grace
# (10 s) with room to spare, and how long a restarted replica may take to get requests again
# (nginx's fail_timeout is 5 s).
STOP_DEADLINE = DRAIN_SECONDS + 40
REJOIN_DEADLINE = 40

# Every request of the session asks for an image nobody asked for before, so that it reaches a
# replica instead of nginx's cache: small buttons whose size steps by a thousandth of a point.
_keys = itertools.count(1)


def fresh_path():
    return f"/render?size={16 + next(_keys) / 1000:.3f}&icon=star"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cluster(*arguments, check=True):
    result = subprocess.run([str(CLUSTER), *arguments], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "RELIEF_BINARY": str(BINARY)})
    if check:
        assert result.returncode == 0, f"cluster.sh {' '.join(arguments)}: {result.stderr}"
    return result


def get(port, path, headers=None, timeout=30):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def is_running(pid):
    """Alive and not a zombie: a replica whose starting shell is gone may stay one after it exits."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def live_processes(matches):
    """The pids of live processes whose /proc entry `matches`."""
    pids = set()
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and matches(entry) and is_running(entry.name):
                pids.add(int(entry.name))
        except OSError:
            pass  # gone while looked at, or not ours to read
    return pids


def running_processes_of(executable):
    """The pids of live processes running `executable`."""
    return live_processes(lambda entry: os.readlink(entry / "exe").removesuffix(" (deleted)") == str(executable))


def nginx_processes_of(directory):
    """The pids of nginx processes whose command line names a file in `directory`."""
    def names_directory(entry):
        command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        return command.startswith("nginx") and str(directory) in command
    return live_processes(names_directory)


def is_listening(port):
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


class Cluster:
    def __init__(self, directory, port):
        self.directory = directory
        self.port = port

    def replica_port(self, replica):
        return int((self.directory / f"replica-{replica}.port").read_text())

    def replica_pid(self, replica):
        return int((self.directory / f"replica-{replica}.pid").read_text())

    def renders(self, replica):
        """relief_render_duration_seconds_count: the renders replica `replica` performed."""
        status, _, body = get(self.replica_port(replica), "/metrics")
        assert status == 200, status
        match = re.search(rb"^relief_render_duration_seconds_count (\d+)$", body, re.MULTILINE)
        return int(match.group(1))


class Load:
    """Client threads asking nginx for fresh images, each on its own keep-alive connection, until
    stopped; every answer that is not a 200 with a PNG, and every error, is a failure."""

    def __init__(self, port, threads=4):
        self.port = port
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.answered = 0
        self.failures = []
        self.threads = [threading.Thread(target=self._ask) for _ in range(threads)]

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_):
        self.stopping.set()
        for thread in self.threads:
            thread.join()

    def _ask(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        while not self.stopping.is_set():
            path = fresh_path()
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                body = response.read()
                outcome = None if response.status == 200 and body.startswith(b"\x89PNG") else f"{path}: {response.status}"
            except (OSError, http.client.HTTPException) as error:
                outcome = f"{path}: {error!r}"
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            with self.lock:
                if outcome:
                    self.failures.append(outcome)
                else:
                    self.answered += 1
        connection.close()

    def run_until(self, condition, deadline):
        """Waits while the load runs until `condition()` holds or `deadline` seconds pass; whether it held."""
        return eventually(condition, deadline)


def eventually(condition, deadline):
    """Whether `condition()` holds within `deadline` seconds, asked every tenth of a second."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    assert BINARY.is_file(), f"build the relief binary first: no {BINARY}"
    directory = tmp_path_factory.mktemp("cluster")
    port = free_port()
    cluster("up", "--replicas", str(REPLICAS), "--port", str(port), "--dir", str(directory),
            "--", "--drain-seconds", str(DRAIN_SECONDS), "--provisional-max-age", str(PROVISIONAL_MAX_AGE))
    yield Cluster(directory, port)
    cluster("down", "--dir", str(directory), check=False)


def test_replicas_split_the_keys_and_render_each_once(running):
    before = [running.renders(replica) for replica in range(1, REPLICAS + 1)]
    paths = [fresh_path() for _ in range(60)]
    requests = [path for path in paths for _ in range(10)]
    random.Random(16).shuffle(requests)
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda path: get(running.port, path), requests))

    assert [status for status, _, _ in answers] == [200] * 600
    cache = {}
    for _, headers, _ in answers:
        cache[headers.get("X-Cache-Status")] = cache.get(headers.get("X-Cache-Status"), 0) + 1
    shares = [running.renders(replica) - before[replica - 1] for replica in range(1, REPLICAS + 1)]
    print(f"\n60 keys x 10: renders per replica {shares}, nginx cache {cache}")
    assert sum(shares) == 60
    assert all(share > 0 for share in shares), shares


def test_replicas_agree_on_the_tags_of_both_encodings(running):
    """A replica asked for a key twice swaps in its smallest encoding; another still holds the fast
    one. They agree on both tags, which name the bytes: the final bytes' tag is 304 on either
    replica, and the fast bytes' tag is 304 where they are still held and the small bytes elsewhere."""
    path = fresh_path() + "&style=colorful&scale=2"
    first, second = running.replica_port(1), running.replica_port(2)
    for _ in range(2):
        assert get(first, path)[0] == 200
    # Bounded only for a background lane that never gets a core.
    assert eventually(lambda: get(first, path)[1]["Cache-Control"] == FINAL_CACHE_CONTROL, deadline=REJOIN_DEADLINE)
    _, small_headers, small = get(first, path)
    _, fast_headers, fast = get(second, path)
    assert small_headers["ETag"] != fast_headers["ETag"]
    assert small_headers["Cache-Control"] == FINAL_CACHE_CONTROL
    assert fast_headers["Cache-Control"] == f"public, max-age={PROVISIONAL_MAX_AGE}"
    assert len(small) < len(fast)
    assert Image.open(io.BytesIO(small)).tobytes() == Image.open(io.BytesIO(fast)).tobytes()
    for port in (first, second):
        assert get(port, path, headers={"If-None-Match": small_headers["ETag"]})[0] == 304
    assert get(second, path, headers={"If-None-Match": fast_headers["ETag"]})[0] == 304
    status, headers, body = get(first, path, headers={"If-None-Match": fast_headers["ETag"]})
    assert (status, headers["ETag"], body) == (200, small_headers["ETag"], small)


def optipng_o2_size(png, directory):
    source, output = directory / "source.png", directory / "optipng.png"
    source.write_bytes(png)
    subprocess.run(["optipng", "-o2", "-quiet", "-out", str(output), str(source)], check=True)
    return output.stat().st_size


def test_nginx_cache_ends_up_serving_the_small_bytes(running, tmp_path):
    """SPEC §12 through nginx's cache as deploy/nginx configures it: the fast first bytes are kept
    for PROVISIONAL_MAX_AGE; the revalidation that follows is the asking again that makes the
    smallest encoding (304 meanwhile); the next one brings the small bytes (200), which nginx then
    serves from its cache, immutable, within 1.10 x optipng -o2."""
    path = fresh_path() + "&style=dark&component=card&scale=2"
    status, headers, fast = get(running.port, path)
    assert (status, headers["X-Cache-Status"]) == (200, "MISS")
    assert headers["Cache-Control"] == f"public, max-age={PROVISIONAL_MAX_AGE}"
    statuses = []

    def served_small():
        status, headers, body = get(running.port, path)
        assert status == 200 and Image.open(io.BytesIO(body)).tobytes() == Image.open(io.BytesIO(fast)).tobytes()
        statuses.append(headers["X-Cache-Status"])
        return headers["Cache-Control"] == FINAL_CACHE_CONTROL and len(body) < len(fast)

    # Bounded only for a background lane that never gets a core (see REJOIN_DEADLINE).
    assert eventually(served_small, deadline=REJOIN_DEADLINE), statuses
    assert "REVALIDATED" in statuses, "nginx asked with the fast bytes' tag and was answered 304"
    # nginx stores the small bytes once their answer is whole; until then a request may still find the
    # entry UPDATING and be served the stale bytes.
    hits = []

    def served_from_cache():
        status, headers, body = get(running.port, path)
        if status == 200 and headers["X-Cache-Status"] == "HIT":
            hits.append((headers, body))
        return bool(hits)

    assert eventually(served_from_cache, deadline=REJOIN_DEADLINE)
    headers, small = hits[0]
    assert headers["Cache-Control"] == FINAL_CACHE_CONTROL and len(small) < len(fast)
    print(f"\nnginx: {len(fast)} bytes first, {len(small)} from its cache after "
          f"{', '.join(f'{count} {status}' for status, count in Counter(statuses).items())}")
    assert len(small) <= 1.10 * optipng_o2_size(small, tmp_path)


def test_a_replica_killed_under_load_costs_no_request(running):
    victim = 1
    renders_before = running.renders(victim)
    with Load(running.port) as load:
        # It takes requests before it dies, so its share really has to move.
        assert load.run_until(lambda: running.renders(victim) > renders_before + 20, deadline=30)
        os.kill(running.replica_pid(victim), signal.SIGKILL)
        killed_at = load.answered
        load.run_until(lambda: load.answered > killed_at + 300, deadline=30)
    print(f"\nkill -9 of replica {victim}: {load.answered} answered ({load.answered - killed_at} after the kill), "
          f"{len(load.failures)} failed")
    assert load.failures == []
    assert load.answered > killed_at
    assert not is_listening(running.replica_port(victim))


def test_the_killed_replica_restarted_rejoins(running):
    victim = 1
    cluster("restart", "--replica", str(victim), "--dir", str(running.directory))
    renders_before = running.renders(victim)
    started = time.monotonic()
    with Load(running.port) as load:
        rejoined = load.run_until(lambda: running.renders(victim) > renders_before, deadline=REJOIN_DEADLINE)
    print(f"\nreplica {victim} restarted: rendering again after {time.monotonic() - started:.1f} s, "
          f"{running.renders(victim) - renders_before} renders, {load.answered} answered, {len(load.failures)} failed")
    assert rejoined
    assert load.failures == []


def test_a_replica_drained_under_load_finishes_and_costs_no_request(running):
    victim = 2
    port, pid = running.replica_port(victim), running.replica_pid(victim)
    with Load(running.port) as load:
        assert load.run_until(lambda: load.answered > 50, deadline=30)
        os.kill(pid, signal.SIGTERM)
        # Readiness says "draining" while the replica still serves, before its listener closes.
        assert load.run_until(lambda: get(port, "/healthz")[0] == 503, deadline=10)
        health = get(port, "/healthz")
        assert health[0] == 503 and b"urn:relief:problem:draining" in health[2]
        status, _, body = get(port, fresh_path())
        assert status == 200 and body.startswith(b"\x89PNG")
        # nginx, which does not read /healthz, still sends it requests, and it answers them.
        draining_renders = running.renders(victim)
        assert load.run_until(lambda: running.renders(victim) > draining_renders, deadline=DRAIN_SECONDS / 2)
        drained_at = load.answered
        assert load.run_until(lambda: not is_running(pid), deadline=STOP_DEADLINE)
        stopped_at = load.answered
        load.run_until(lambda: load.answered > stopped_at + 100, deadline=30)
    # What nginx moved off the replica: refused connections once its listener closed, and (rarely,
    # the keep-alive race every HTTP/1.1 proxy retries) a request sent on a connection as it closed.
    retried = [line for line in (running.directory / "nginx-error.log").read_text().splitlines()
               if f"127.0.0.1:{port}/" in line and "[error]" in line]
    refused = sum("Connection refused" in line for line in retried)
    print(f"\nSIGTERM to replica {victim}: {load.answered} answered ({load.answered - drained_at} after /healthz "
          f"said draining), {len(load.failures)} failed; nginx moved {refused} refused connections and "
          f"{len(retried) - refused} other failures to other replicas")
    assert load.failures == []
    assert not is_listening(port)
    log = (running.directory / f"replica-{victim}.log").read_text()
    assert f"SIGTERM: draining for {DRAIN_SECONDS} s" in log


def pid_files(directory):
    """Each pid file of the cluster in `directory`: the part's name ("replica K", "nginx") to its pid."""
    return {("nginx" if file.stem == "nginx" else file.stem.replace("-", " ")): int(file.read_text())
            for file in directory.glob("*.pid")}


def test_down_returns_once_everything_up_started_has_exited_and_the_port_is_free_at_once(running):
    ports = [running.port] + [running.replica_port(replica) for replica in range(1, REPLICAS + 1)]
    pids = pid_files(running.directory)
    assert set(pids) == {f"replica {replica}" for replica in range(1, REPLICAS + 1)} | {"nginx"}
    result = cluster("down", "--dir", str(running.directory))
    assert [name for name, pid in pids.items() if is_running(pid)] == []
    # One line per part: replica 2 was drained and exited in an earlier test, the others were stopped now.
    for name, pid in pids.items():
        outcome = "was not running" if name == "replica 2" else "exited"
        assert f"cluster: {name} (pid {pid}) {outcome}\n" in result.stdout, result.stdout
    assert not any(is_listening(port) for port in ports)
    assert nginx_processes_of(running.directory) == set()
    assert list(running.directory.glob("*.pid")) == []

    # Nothing of the old cluster is left to race with a new one on the same port.
    cluster("up", "--replicas", "1", "--port", str(running.port), "--dir", str(running.directory))
    assert get(running.port, "/healthz")[0] == 200
    again = pid_files(running.directory)
    cluster("down", "--dir", str(running.directory))
    assert [name for name, pid in again.items() if is_running(pid)] == []


def test_down_kills_a_part_that_does_not_stop_and_says_so(tmp_path):
    port = free_port()
    cluster("up", "--replicas", "2", "--port", str(port), "--dir", str(tmp_path))
    pids = pid_files(tmp_path)
    # Stopped, the replica cannot act on SIGINT: only SIGKILL, after the bound, ends it.
    os.kill(pids["replica 1"], signal.SIGSTOP)
    result = cluster("down", "--dir", str(tmp_path))
    assert [name for name, pid in pids.items() if is_running(pid)] == []
    stuck = pids["replica 1"]
    assert re.search(rf"^cluster: replica 1 \(pid {stuck}\) still ran \d+ s after it was asked to stop: killing it$",
                     result.stderr, re.MULTILINE), result.stderr
    assert f"cluster: replica 1 (pid {stuck}) was killed\n" in result.stdout, result.stdout
    for name in ("replica 2", "nginx"):
        assert f"cluster: {name} (pid {pids[name]}) exited\n" in result.stdout, result.stdout
    assert not is_listening(port)


@pytest.mark.parametrize("case", ["replicas 0", "missing binary", "port listened on", "port bound"])
def test_up_fails_clearly_and_leaves_nothing_running(tmp_path, case):
    port = free_port()
    arguments = ["up", "--replicas", "2", "--port", str(port), "--dir", str(tmp_path / "cluster")]
    expected = f"port {port} is busy"
    blocker = socket.socket()
    if case == "replicas 0":
        arguments[2], expected = "0", "--replicas must be a whole number from 1 to 64; got '0'"
    elif case == "missing binary":
        arguments += ["--binary", str(tmp_path / "no-relief")]
        expected = f"no relief executable at {tmp_path / 'no-relief'}"
    elif case == "port listened on":
        blocker.bind(("127.0.0.1", port))
        blocker.listen()
    else:
        # Bound but not listening: only nginx's own bind finds it, after the replicas started.
        blocker.bind(("127.0.0.1", port))
    relief_before = running_processes_of(BINARY)
    try:
        result = cluster(*arguments, check=False)
    finally:
        blocker.close()
    assert result.returncode != 0
    assert f"cluster: {expected}" in result.stderr, result.stderr
    assert running_processes_of(BINARY) <= relief_before
    assert nginx_processes_of(tmp_path) == set()
    assert list(tmp_path.glob("cluster/*.pid")) == []
