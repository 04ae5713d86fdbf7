"""Fixtures of the browser tests: a `relief serve` on an ephemeral loopback port and one headless
Chromium driven by Selenium for the whole session.

RELIEF_BINARY names the server binary (the Makefile passes the release build; default
.build/release/relief). CHROMIUM and CHROMEDRIVER name the browser and its driver (defaults: the
Debian packages' /usr/bin/chromium and /usr/bin/chromedriver); the driver's path is given
explicitly so that Selenium Manager never tries to download one.
"""

import os
import re
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPOSITORY = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

# Desktop window of every test unless it says otherwise.
DESKTOP_SIZE = (1280, 900)
# How long a page may take to render everything it shows, gallery included.
PAGE_TIMEOUT = 60


BANNER = re.compile(r"^relief: serving (http://127\.0\.0\.1:\d+) ")


def _served_url(server, log_path, timeout=30):
    """The URL from the banner `relief serve --port 0` prints once it listens on the port the kernel chose."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"relief serve exited with status {server.returncode}")
        with open(log_path) as log:
            for line in log:
                match = BANNER.match(line)
                if match:
                    return match.group(1)
        time.sleep(0.05)
    raise RuntimeError(f"relief serve printed no banner within {timeout} s")


def _wait_until_healthy(server, url, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"relief serve exited with status {server.returncode}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"relief serve did not answer {url}/healthz within {timeout} s")


@pytest.fixture(scope="session")
def artifacts():
    """The folder for screenshots and the server's log of the run (ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def _relief_serve(artifacts, log_name, *options):
    """Runs `relief serve` on a free loopback port with `options`, yields its URL once healthy, and
    stops it (without the drain a SIGTERM starts, which a test run does not need)."""
    binary = Path(os.environ.get("RELIEF_BINARY", REPOSITORY / ".build/release/relief"))
    if not binary.is_absolute():
        binary = REPOSITORY / binary
    if not os.access(binary, os.X_OK):
        pytest.fail(f"no relief binary at {binary}: build it with `make binary` or set RELIEF_BINARY")
    log_path = artifacts / log_name
    log = open(log_path, "w")
    server = subprocess.Popen(
        [str(binary), "serve", "--host", "127.0.0.1", "--port", "0", "--public", str(REPOSITORY / "Public"),
         "--drain-seconds", "0", *options],
        cwd=REPOSITORY, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        url = _served_url(server, log_path)
        _wait_until_healthy(server, url)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@pytest.fixture(scope="session")
def base_url(artifacts):
    """The URL of a `relief serve` that serves Public/, stopped when the session ends."""
    yield from _relief_serve(artifacts, "server.log")


@pytest.fixture(scope="session")
def signed_base_url(artifacts, tmp_path_factory):
    """The URL of a `relief serve` that requires signed URLs."""
    keys = tmp_path_factory.mktemp("keys") / "relief.keys"
    keys.write_text("browser-test-key\n")
    yield from _relief_serve(artifacts, "signed-server.log", "--signing-key-file", str(keys))


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=en-US"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(PAGE_TIMEOUT)
    driver.set_script_timeout(PAGE_TIMEOUT)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def driver(browser):
    """The session's browser at the desktop size, its console log emptied."""
    browser.set_window_size(*DESKTOP_SIZE)
    browser.get_log("browser")
    return browser


def wait_for(driver, script, *arguments, timeout=PAGE_TIMEOUT, message=""):
    """Waits until `script` (a JavaScript function body) returns something truthy, and returns it."""
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(
        lambda current: current.execute_script(script, *arguments), message=message)


def assert_no_serious_accessibility_violation(driver):
    """axe-core on the page as it stands: no violation of serious or critical impact."""
    axe = Axe(driver)
    axe.inject()
    severe = [violation for violation in axe.run()["violations"] if violation["impact"] in ("serious", "critical")]
    assert severe == [], axe.report(severe)
