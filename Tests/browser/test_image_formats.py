"""format=webp, avif and auto against a real `relief serve`: Pillow decodes what is served (the WebP is
the PNG's pixels exactly, the AVIF within 40 dB of them, the animated WebP the APNG's frames ending on
the still), and Chromium shows each, choosing AVIF for format=auto with its own Accept."""

import io
import math
import urllib.request

import pytest
from PIL import Image, ImageChops, ImageSequence, ImageStat

QUERIES = ["style=colorful&shape=capsule&label=Order%20now&scale=2", "style=soft&background=transparent", "component=card&style=dark"]


def fetch(url, accept=None):
    request = urllib.request.Request(url, headers={"Accept": accept} if accept else {})
    with urllib.request.urlopen(request) as response:
        return response.read(), dict(response.headers)


def rgba(data):
    return Image.open(io.BytesIO(data)).convert("RGBA")


def psnr(image, reference):
    """Over every channel of every pixel, as docs/FORMATS.md states the bound."""
    difference = ImageChops.difference(image, reference)
    mean_square = sum(value * value for value in ImageStat.Stat(difference).rms) / 4
    return math.inf if mean_square == 0 else 10 * math.log10(255 * 255 / mean_square)


@pytest.mark.parametrize("query", QUERIES)
def test_pillow_reads_the_webp_as_the_pngs_pixels_and_the_avif_within_40_db(base_url, query):
    png, _ = fetch(f"{base_url}/render?{query}")
    webp, webp_headers = fetch(f"{base_url}/render?{query}&format=webp")
    avif, avif_headers = fetch(f"{base_url}/render?{query}&format=avif")
    assert webp_headers["Content-Type"] == "image/webp" and avif_headers["Content-Type"] == "image/avif"
    assert rgba(webp).tobytes() == rgba(png).tobytes()
    assert psnr(rgba(avif), rgba(png)) >= 40


@pytest.mark.parametrize("query", ["component=switch&animate=true&scale=2", "component=toggle&animate=true&loop=true"])
def test_the_animated_webp_plays_the_apngs_frames_and_ends_on_the_still(base_url, query):
    webp, _ = fetch(f"{base_url}/render?{query}&format=webp")
    apng, _ = fetch(f"{base_url}/render?{query}")
    still, _ = fetch(f"{base_url}/render?{query.replace('&animate=true', '').replace('&loop=true', '')}")

    def frames(data):
        image = Image.open(io.BytesIO(data))
        return [(frame.convert("RGBA").tobytes(), frame.info.get("duration", 0)) for frame in ImageSequence.Iterator(image)]

    webp_frames, apng_frames = frames(webp), frames(apng)
    # libwebp merges a frame equal to the one before into its time: every canvas is one of the APNG's,
    # and the two play as long.
    apng_canvases = {canvas for canvas, _ in apng_frames}
    assert all(canvas in apng_canvases for canvas, _ in webp_frames)
    assert abs(sum(d for _, d in webp_frames) - sum(d for _, d in apng_frames)) <= len(apng_frames)
    assert webp_frames[-1][0] == rgba(still).tobytes()


@pytest.mark.parametrize(
    "accept, media_type",
    [
        (None, "image/png"),
        ("image/avif,image/webp,*/*;q=0.8", "image/avif"),
        ("image/webp,*/*;q=0.8", "image/webp"),
        ("image/png", "image/png"),
    ],
)
def test_auto_answers_the_type_accept_chooses(base_url, accept, media_type):
    body, headers = fetch(f"{base_url}/render?style=light&format=auto", accept)
    assert headers["Content-Type"] == media_type and headers["Vary"] == "Accept"
    assert Image.open(io.BytesIO(body)).size == rgba(fetch(f"{base_url}/render?style=light")[0]).size


@pytest.mark.parametrize("format", ["webp", "avif", "auto"])
def test_chromium_shows_each_format(driver, base_url, format):
    driver.get(f"{base_url}/render?style=light&format=json")
    loaded = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const image = new Image();
        image.onload = () => done([image.naturalWidth, image.naturalHeight]);
        image.onerror = () => done(null);
        image.src = arguments[0];
        """,
        f"{base_url}/render?style=light&format={format}",
    )
    assert loaded == list(rgba(fetch(f"{base_url}/render?style=light")[0]).size), f"Chromium did not show format={format}"
