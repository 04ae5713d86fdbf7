"""A screen's format=html (SPEC §14) in Chromium, written by `relief render-screen`: every control
has the role and name its own component page gives it, the texts are text, and axe-core finds no
violation of any impact."""

import os
import subprocess
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from conftest import REPOSITORY

# Each page: its layout in Tests/screens (which the Swift format tests draw too) and its query.
SCREENS = {
    "player-light": ("player", "style=light"),
    "settings-colorful": ("settings", "style=colorful"),
    "player-dark-ax3": ("player", "style=dark&textsize=ax3"),
    "components-soft": ("components", ""),
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Each screen's page, written by the relief binary the other browser tests serve with."""
    binary = Path(os.environ.get("RELIEF_BINARY", REPOSITORY / ".build/release/relief"))
    if not binary.is_absolute():
        binary = REPOSITORY / binary
    if not os.access(binary, os.X_OK):
        pytest.fail(f"no relief binary at {binary}: build it with `make binary` or set RELIEF_BINARY")
    folder = tmp_path_factory.mktemp("screens")
    written = {}
    for name, (layout, query) in SCREENS.items():
        source = REPOSITORY / "Tests" / "screens" / f"{layout}.layout"
        page = folder / f"{name}.html"
        subprocess.run([str(binary), "render-screen", str(source), "-o", str(page), "--query", query], check=True)
        written[name] = page.as_uri()
    return written


@pytest.mark.parametrize("name", SCREENS)
def test_axe_finds_no_violation_on_a_screens_page(driver, pages, name):
    driver.get(pages[name])
    axe = Axe(driver)
    axe.inject()
    violations = axe.run()["violations"]
    assert violations == [], axe.report(violations)


def test_a_screens_controls_and_texts_are_what_their_own_pages_are(driver, pages):
    driver.get(pages["settings-colorful"])
    canvas = driver.find_element(By.CSS_SELECTOR, "main.relief-canvas")
    roles = [(element.aria_role, element.accessible_name)
             for element in canvas.find_elements(By.CSS_SELECTOR, "[class^=relief-screen-]")
             if element.aria_role not in ("generic", "none", "paragraph", "separator")]
    assert roles == [("image", "bell"), ("switch", "switch"), ("image", "power"), ("switch", "switch"),
                     ("checkbox", "Remember me"), ("slider", "slider")]
    texts = [element.text for element in canvas.find_elements(By.TAG_NAME, "p")]
    assert texts == ["Settings", "Notifications", "Low power\nmode", "Brightness", "Account"]
    assert len(canvas.find_elements(By.TAG_NAME, "hr")) == 2
    assert driver.find_element(By.TAG_NAME, "h1").accessible_name.startswith("A colorful screen of")
