"""scheme=auto in Chromium: the SVG in an <img> follows the emulated colour scheme without reloading,
the SVG opened as a document and the <picture> of format=html follow the contrast preference too, and
every appearance shown matches the PNG of the query in that appearance's style (PSNR >= 30 dB).

Chromium's emulation reaches an <img>'s SVG's prefers-color-scheme but not its prefers-contrast, so
contrast is tested with the SVG as a document and through the <picture>.
"""

import io
import urllib.request

import numpy
import pytest
from PIL import Image
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

from conftest import wait_for

QUERY = "component=switch&on=true"
MINIMUM_PSNR = 30.0
# The PNG each emulated setting must show: (prefers-color-scheme, prefers-contrast) -> extra parameters.
EXPECTED = {
    ("light", "no-preference"): "",
    ("dark", "no-preference"): "&style=dark",
    ("light", "more"): "&contrast=high",
    ("dark", "more"): "&style=dark&contrast=high",
}


def png_pixels(base_url, query):
    with urllib.request.urlopen(f"{base_url}/render?{query}") as response:
        return numpy.asarray(Image.open(io.BytesIO(response.read())).convert("RGB"), dtype=numpy.float64)


def screenshot(driver, width, height):
    shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    return numpy.asarray(shot, dtype=numpy.float64)[:height, :width]


def psnr(reference, actual):
    error = numpy.mean((reference - actual) ** 2)
    return float("inf") if error == 0 else 10 * numpy.log10(255 ** 2 / error)


def emulate(driver, scheme, contrast):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-contrast", "value": contrast}]})


def matches_when_shown(driver, base_url, setting):
    """Waits until the page shows the PNG of `setting` within the threshold; returns the PSNR last measured."""
    expected = png_pixels(base_url, QUERY + EXPECTED[setting])
    height, width = expected.shape[:2]
    measured = []

    def close_enough(current):
        shot = screenshot(current, width, height)
        measured.append(psnr(expected, shot) if shot.shape == expected.shape else 0.0)
        return measured[-1] >= MINIMUM_PSNR

    try:
        WebDriverWait(driver, 10, poll_frequency=0.2).until(close_enough)
    except TimeoutException:
        pass
    return measured[-1]


@pytest.fixture
def reset_emulation(driver):
    yield driver
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_the_svg_in_an_img_follows_the_colour_scheme_without_reloading(reset_emulation, base_url):
    driver = reset_emulation
    emulate(driver, "light", "no-preference")
    # A page of the server's own origin, emptied, holding only the <img>.
    driver.get(f"{base_url}/render?{QUERY}&format=html")
    driver.execute_script(
        "document.body.replaceChildren(); document.body.style.margin = '0'; window.loaded = 0;"
        "const image = document.createElement('img'); image.id = 'relief'; image.style.display = 'block';"
        "image.addEventListener('load', () => { window.loaded += 1; });"
        "image.src = arguments[0]; document.body.append(image);",
        f"{base_url}/render?{QUERY}&format=svg&scheme=auto")
    wait_for(driver, "return document.getElementById('relief').complete && window.loaded === 1")
    for setting in [("light", "no-preference"), ("dark", "no-preference"), ("light", "no-preference")]:
        emulate(driver, *setting)
        value = matches_when_shown(driver, base_url, setting)
        assert value >= MINIMUM_PSNR, f"{setting}: {value:.2f} dB"
    # The same image element, loaded once: the change came from the SVG's own media queries.
    assert driver.execute_script("return window.loaded") == 1


@pytest.mark.parametrize("setting", list(EXPECTED))
def test_the_svg_as_a_document_follows_both_settings(reset_emulation, base_url, setting):
    driver = reset_emulation
    emulate(driver, *setting)
    driver.get(f"{base_url}/render?{QUERY}&format=svg&scheme=auto")
    value = matches_when_shown(driver, base_url, setting)
    assert value >= MINIMUM_PSNR, f"{setting}: {value:.2f} dB"


@pytest.mark.parametrize("setting", list(EXPECTED))
def test_the_picture_of_format_html_follows_both_settings(reset_emulation, base_url, setting):
    driver = reset_emulation
    emulate(driver, *setting)
    driver.get(f"{base_url}/render?{QUERY}&format=html&scheme=auto")
    wait_for(driver, "const image = document.querySelector('picture img'); return image && image.complete")
    value = matches_when_shown(driver, base_url, setting)
    assert value >= MINIMUM_PSNR, f"{setting}: {value:.2f} dB"


def test_the_appearances_differ_so_each_match_names_one(base_url):
    """Every two appearances' PNGs are further apart than the threshold, so a match picks one."""
    pictures = {setting: png_pixels(base_url, QUERY + extra) for setting, extra in EXPECTED.items()}
    settings = list(pictures)
    for index, first in enumerate(settings):
        for second in settings[index + 1:]:
            if pictures[first].shape == pictures[second].shape:
                assert psnr(pictures[first], pictures[second]) < MINIMUM_PSNR, (first, second)
