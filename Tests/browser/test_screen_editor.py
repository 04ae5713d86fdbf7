"""The screen editor and the gallery's screens at / in headless Chromium, against a real `relief serve`.

Each test loads the page once and checks several things on it: the page loads the whole component
gallery too, which is most of its cost.
"""

import base64
import json
import math
import urllib.parse
import urllib.request
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import PAGE_TIMEOUT, assert_no_serious_accessibility_violation, wait_for

# The editor shows a decoded picture, no request is pending and no problem is shown; returns the
# /screen URL the picture came from.
SCREEN_SETTLED = """
    const image = document.getElementById("screen-image");
    return image !== null && image.complete && image.naturalWidth > 0
        && !document.getElementById("screen-preview").hasAttribute("aria-busy")
        && document.getElementById("screen-problem").hidden ? image.dataset.url : null;
"""

# The same as an expression, for conditions on it.
SHOWN_SCREEN = f"(() => {{ {SCREEN_SETTLED} }})()"

# The editor shows a problem and no request is pending; returns its words.
SCREEN_REFUSED = """
    const problem = document.getElementById("screen-problem");
    return !problem.hidden && !document.getElementById("screen-preview").hasAttribute("aria-busy")
        ? problem.innerText : null;
"""

# Every picture of the gallery's screens has loaded or failed; returns their states once none is pending.
SCREENS_SETTLED = """
    const images = [...document.querySelectorAll("#gallery-screen-list img")];
    if (images.length === 0 || images.some((image) => !image.complete)) return null;
    return images.map((image) => {
        const box = image.getBoundingClientRect();
        return {
            screen: image.closest("[data-screen]").dataset.screen, src: image.getAttribute("src"),
            naturalWidth: image.naturalWidth, naturalHeight: image.naturalHeight,
            width: Number(image.getAttribute("width")), height: Number(image.getAttribute("height")),
            alt: image.alt, href: image.closest("a").getAttribute("href"), top: box.top, left: box.left, right: box.right,
        };
    });
"""

MISSPELT = 'VStack {\n    Buton()\n    Text("Hi")\n}'


def screen_operation(base_url):
    with urllib.request.urlopen(f"{base_url}/openapi.json") as response:
        return json.load(response)["paths"]["/screen"]["get"]


def layout_of(url):
    """The layout text a /screen URL carries in `source`."""
    source = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["source"][0]
    return zlib.decompress(base64.urlsafe_b64decode(source + "=" * (-len(source) % 4)), wbits=-15).decode()


def open_editor(driver, base_url, picture, fragment=""):
    """Loads the page (with `fragment`) and waits until the editor shows the gallery's `picture`."""
    driver.get(f"{base_url}/{fragment}")
    url = urllib.parse.urljoin(base_url, picture["url"])
    wait_for(driver, f"return {SHOWN_SCREEN} === arguments[0]", url,
             message=f"the screen editor never showed {picture['caption']}")
    return url


def type_layout(driver, text):
    """Replaces the layout with `text`, typed as a user types it."""
    area = driver.find_element(By.ID, "screen-layout")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", area)
    area.click()
    area.send_keys(Keys.CONTROL, "a")
    area.send_keys(text)


def wait_for_layout(driver, text):
    """Waits until the editor shows the picture of `text`; returns its URL."""
    def drawn(current):
        url = current.execute_script(SCREEN_SETTLED)
        return url if url and layout_of(url) == text else None
    return WebDriverWait(driver, PAGE_TIMEOUT, poll_frequency=0.1).until(
        drawn, message=f"the editor never drew {text!r}")


def test_typing_a_layout_draws_it_marks_a_refused_line_and_gives_the_img_tag(driver, base_url):
    operation = screen_operation(base_url)
    music_player = operation["x-relief-gallery"]["entries"][0]
    # It opens on the gallery's first screen, drawn from /screen.
    url = open_editor(driver, base_url, music_player["pictures"][0])
    assert urllib.parse.urlsplit(url).path == "/screen"
    assert layout_of(url) == music_player["layout"] == driver.find_element(By.ID, "screen-layout").get_property("value")
    # Every setting of /screen has a labelled control in the editor's form, none for the layout.
    names = [parameter["name"] for parameter in operation["parameters"]]
    form = driver.find_element(By.ID, "screen-settings")
    controls = form.find_elements(By.CSS_SELECTOR, "[data-parameter]")
    assert {control.get_attribute("data-parameter") for control in controls} == set(names) - {"source"}
    assert driver.execute_script("""
        return [...arguments[0].querySelectorAll("[data-parameter]")].filter((field) => {
            const name = field.querySelector("legend") ?? field.querySelector("input, select")?.labels?.[0];
            return !name?.textContent.trim();
        }).map((field) => field.dataset.parameter);
    """, form) == [], "every setting's control has a label"

    layout = 'VStack(spacing: 12) {\n    Text("Hello")\n    Button(icon: .star)\n}'
    type_layout(driver, layout)
    url = wait_for_layout(driver, layout)
    image = driver.find_element(By.ID, "screen-image")
    assert int(image.get_property("naturalWidth")) > 0 and int(image.get_property("naturalHeight")) > 0
    # The <img> tag is the picture's URL, at its size in points, with the alt text of the field.
    scale = 2  # the music player's, kept while the layout changes
    assert f"&scale={scale}" in url
    snippet = driver.find_element(By.ID, "screen-snippet-img").get_attribute("textContent")
    alt = driver.find_element(By.ID, "screen-alt").get_property("value")
    assert alt == music_player["pictures"][0]["alt"]
    # Half a point rounds up, as the page's Math.round does.
    width, height = (math.floor(image.get_property(side) / scale + 0.5) for side in ("naturalWidth", "naturalHeight"))
    assert snippet == f'<img src="{url}" width="{width}" height="{height}" alt="{alt}">'
    assert driver.find_element(By.ID, "screen-open-image").get_attribute("href") == url
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": base_url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    driver.find_element(By.CSS_SELECTOR, 'button[aria-controls="screen-snippet-img"]').click()
    wait_for(driver, 'return document.getElementById("screen-copy-status").textContent', timeout=5)
    assert driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.readText().then(done, (error) => done('refused: ' + error));") == snippet
    # The page's fragment holds the screen, so a link opens it.
    assert driver.execute_script("return location.hash") == "#" + url.removeprefix(base_url)

    # A misspelt element: the server's words, its line marked in the gutter and behind the text.
    type_layout(driver, MISSPELT)
    words = wait_for(driver, SCREEN_REFUSED, message="the refused layout was never shown")
    assert "line 2, column 5" in words and "Buton" in words
    area = driver.find_element(By.ID, "screen-layout")
    assert area.get_attribute("aria-invalid") == "true"
    assert "screen-problem" in area.get_attribute("aria-describedby").split()
    marked = driver.find_elements(By.CSS_SELECTOR, "#screen-gutter .is-error")
    assert [line.text.split()[-1] for line in marked] == ["2"]
    band = driver.find_element(By.ID, "screen-line-mark")
    assert band.is_displayed()
    assert abs(band.rect["y"] - marked[0].rect["y"]) <= 1
    # The last picture stays, dimmed; the status says it is not this layout's.
    assert "Not drawn" in driver.find_element(By.ID, "screen-status").text
    # On request the caret goes to the line and column the server named.
    go_to = driver.find_element(By.ID, "screen-go-to")
    assert go_to.text == "Go to line 2, column 5"
    go_to.click()
    assert driver.execute_script("""
        const area = document.getElementById("screen-layout");
        return document.activeElement === area ? area.value.slice(0, area.selectionStart) : null;
    """) == "VStack {\n    "
    assert_no_serious_accessibility_violation(driver)

    # Mended, the mark goes and the picture is drawn; Tab leaves the layout for the next control.
    mended = MISSPELT.replace("Buton", "Button")
    type_layout(driver, mended)
    wait_for_layout(driver, mended)
    assert area.get_attribute("aria-invalid") is None
    assert driver.find_elements(By.CSS_SELECTOR, "#screen-gutter .is-error") == []
    assert not driver.find_element(By.ID, "screen-line-mark").is_displayed()
    area.send_keys(Keys.TAB)
    assert driver.switch_to.active_element != area

    # A setting refused by the server marks its control instead.
    Select(driver.find_element(By.ID, "screen-parameter-textsize")).select_by_value("ax5")
    wait_for(driver, f"return {SHOWN_SCREEN}?.includes('&textsize=ax5')", message="AX5 was never drawn")
    scale_field = driver.find_element(By.ID, "screen-parameter-scale")
    scale_field.send_keys(Keys.CONTROL, "a")
    scale_field.send_keys("9")
    words = wait_for(driver, SCREEN_REFUSED, message="scale=9 was never refused")
    assert "scale" in words
    assert scale_field.get_attribute("aria-invalid") == "true"
    assert area.get_attribute("aria-invalid") is None


def test_the_gallery_shows_the_seed_screens_side_by_side_and_opens_them_in_the_editor(driver, base_url):
    gallery = screen_operation(base_url)["x-relief-gallery"]
    entries = {entry["name"]: entry for entry in gallery["entries"]}
    assert list(entries) == ["music-player", "settings", "menu-cell", "sign-in", "settings-form"]
    open_editor(driver, base_url, entries["music-player"]["pictures"][0])
    images = wait_for(driver, SCREENS_SETTLED, message="the gallery's screens never finished loading")
    assert [image["src"] for image in images] == [
        picture["url"] for entry in gallery["entries"] for picture in entry["pictures"]]
    captions = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "#gallery-screen-list h4")]
    assert captions == [entry["caption"] for entry in gallery["entries"]]
    for image, picture in zip(images, (picture for entry in gallery["entries"] for picture in entry["pictures"])):
        assert image["naturalWidth"] > 0, f"{image['src']} did not load"
        # Shown at its size in points, the size the server gives, which its pixels agree with.
        scale = float(urllib.parse.parse_qs(urllib.parse.urlsplit(image["src"]).query).get("scale", ["1"])[0])
        assert (image["width"], image["height"]) == (picture["width"], picture["height"])
        assert abs(image["naturalWidth"] - scale * image["width"]) <= scale / 2 + 0.5, image["src"]
        assert abs(image["naturalHeight"] - scale * image["height"]) <= scale / 2 + 0.5, image["src"]
        assert image["alt"] == picture["alt"] and image["alt"].startswith(entries[image["screen"]]["caption"])
    # The menu cell at the default size, at AX3 and seen with low vision, side by side in one row.
    cells = [image for image in images if image["screen"] == "menu-cell"]
    assert len(cells) == 3
    assert len({round(cell["top"]) for cell in cells}) == 1
    assert cells[0]["right"] <= cells[1]["left"] and cells[1]["right"] <= cells[2]["left"]

    # Clicking a picture opens its layout and settings in the editor, with its alt text.
    entry = entries["menu-cell"]
    picture = entry["pictures"][2]
    link = driver.find_element(By.CSS_SELECTOR, f'#gallery-screen-list a[href="{cells[2]["href"]}"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait_for(driver, f"return {SHOWN_SCREEN} === arguments[0]",
             urllib.parse.urljoin(base_url, picture["url"]), message="the editor never drew the picture clicked")
    area = driver.find_element(By.ID, "screen-layout")
    assert area.get_property("value") == entry["layout"]
    assert driver.switch_to.active_element == area
    assert driver.find_element(By.ID, "screen-alt").get_property("value") == picture["alt"]
    assert Select(driver.find_element(By.ID, "screen-parameter-textsize")).first_selected_option.get_attribute("value") == "ax3"
    assert Select(driver.find_element(By.ID, "screen-parameter-simulate")).first_selected_option.get_attribute("value") == "lowvision"
    assert driver.execute_script("return location.hash") == cells[2]["href"]


def test_a_link_to_a_screen_opens_it_in_the_editor_and_a_phone_needs_no_sideways_scrolling(driver, base_url):
    settings = screen_operation(base_url)["x-relief-gallery"]["entries"][1]
    picture = settings["pictures"][0]
    driver.set_window_size(390, 844)
    open_editor(driver, base_url, picture, "#" + picture["url"])
    assert driver.find_element(By.ID, "screen-layout").get_property("value") == settings["layout"]
    assert driver.find_element(By.ID, "parameter-style-colorful").is_selected() is False  # the playground's own
    assert driver.find_element(By.ID, "screen-parameter-style-colorful").is_selected()
    wait_for(driver, SCREENS_SETTLED, message="the gallery's screens never finished loading")
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    assert_no_serious_accessibility_violation(driver)


def test_with_signed_urls_required_the_editor_says_so_instead_of_drawing(driver, signed_base_url):
    driver.get(f"{signed_base_url}/")
    notice = wait_for(driver, """
        const notice = document.querySelector("#screen-editor .problem");
        return notice && notice.textContent.includes("sig") ? notice.textContent : null;
    """, message="the editor never said that URLs must be signed")
    assert notice
    assert driver.find_elements(By.CSS_SELECTOR, "#screen-editor textarea, #gallery-screen-list img") == []
    assert not driver.find_element(By.ID, "gallery-screens").is_displayed()
