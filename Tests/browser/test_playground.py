"""The playground and gallery at / in headless Chromium, against a real `relief serve`."""

import base64
import json
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import assert_no_serious_accessibility_violation, wait_for

# The preview shows a decoded render and no request is pending.
PREVIEW_SETTLED = """
    const image = document.getElementById("preview-image");
    return image !== null && image.complete && image.naturalWidth > 0
        && !document.getElementById("preview").hasAttribute("aria-busy") ? image.src : null;
"""

# Every gallery picture has either loaded or failed; returns their states once none is pending.
GALLERY_SETTLED = """
    const images = [...document.querySelectorAll("#gallery-groups img")];
    if (images.length === 0 || images.some((image) => !image.complete)) return null;
    return images.map((image) => ({
        src: image.getAttribute("src"), naturalWidth: image.naturalWidth, naturalHeight: image.naturalHeight,
        width: Number(image.getAttribute("width")), height: Number(image.getAttribute("height")),
        alt: image.alt, href: image.closest("a")?.getAttribute("href") ?? null,
    }));
"""

# Styles × (button 2 + toggle 2 + rounded and capsule 4 + wells and switch 4 + your colour 4 + card 1
# + slider 3 + progress 3 + segmented 3 + tab bar 4 + checkbox 4 + radio 4 + text field 4).
GALLERY_SIZE = 4 * 42


def picture_image_query(snippet, base_url):
    """The query of the <img> in a <picture> snippet, its link absolute and its &amp; read back."""
    source = snippet.split("<img", 1)[1].split('src="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    assert source.startswith(f"{base_url}/render?"), source
    return urllib.parse.parse_qs(urllib.parse.urlparse(source).query)


def open_page(driver, base_url, query=""):
    driver.get(f"{base_url}/{query}")
    return wait_for(driver, PREVIEW_SETTLED, message="the preview never showed a render")


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).get_attribute("textContent")


def field(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'[data-parameter="{name}"]')


def choose(driver, name, value):
    """Clicks the visible button of a radio choice, or picks the value of a menu, as a user does."""
    menus = driver.find_elements(By.CSS_SELECTOR, f'select#parameter-{name}')
    if menus:
        Select(menus[0]).select_by_value(value)
    else:
        driver.find_element(By.CSS_SELECTOR, f'label[for="parameter-{name}-{value}"]').click()


def choose_component(driver, value):
    """Picks a component from its menu, which holds more choices than radio buttons do."""
    Select(driver.find_element(By.ID, "parameter-component")).select_by_value(value)


def test_the_page_loads_without_console_errors(driver, base_url):
    open_page(driver, base_url)
    wait_for(driver, GALLERY_SETTLED, message="the gallery never finished loading")
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []


def test_every_gallery_picture_loads_at_its_size_in_points(driver, base_url):
    driver.get(f"{base_url}/")
    images = wait_for(driver, GALLERY_SETTLED, message="the gallery never finished loading")
    assert len(images) == GALLERY_SIZE
    gallery = render_operation(base_url)["x-relief-gallery"]
    assert GALLERY_SIZE == len(gallery["styles"]) * sum(len(group["entries"]) for group in gallery["groups"])
    for image in images:
        assert image["naturalWidth"] > 0, f"{image['src']} did not load"
        # Scale 2 shown at its size in whole points: the size the server gives agrees with its image
        # (an odd number of pixels rounds to the nearer whole point).
        assert abs(image["naturalWidth"] - 2 * image["width"]) <= 1, image["src"]
        assert abs(image["naturalHeight"] - 2 * image["height"]) <= 1, image["src"]
        assert image["alt"].startswith(("A ", "An ")), image["src"]
        assert image["href"].startswith("/?") and "scale" not in image["href"]
    assert len({image["src"] for image in images}) == GALLERY_SIZE


def test_a_gallery_picture_opens_in_the_playground(driver, base_url):
    driver.get(f"{base_url}/")
    wait_for(driver, GALLERY_SETTLED)
    link = driver.find_element(By.CSS_SELECTOR, '#gallery-groups a[href*="component=switch"][href*="style=colorful"][href*="on=true"]')
    driver.execute_script("arguments[0].scrollIntoView()", link)
    link.click()
    wait_for(driver, PREVIEW_SETTLED)
    assert Select(driver.find_element(By.ID, "parameter-component")).first_selected_option.get_attribute("value") == "switch"
    assert driver.find_element(By.ID, "parameter-style-colorful").is_selected()
    assert driver.find_element(By.ID, "parameter-on").is_selected()
    assert driver.find_element(By.ID, "preview-image").get_attribute("alt") == "A colorful switch, on"


# The code view shows a text format's answer and no request is pending.
CODE_SETTLED = """
    const view = document.getElementById("code-view");
    const text = document.getElementById("code-view-text").textContent;
    return !view.hidden && text.length > 0 && !document.getElementById("preview").hasAttribute("aria-busy") ? text : null;
"""

# The CSS and SwiftUI snippets hold the original's code.
CODE_SNIPPETS_SETTLED = """
    const css = document.getElementById("snippet-css").textContent;
    const swift = document.getElementById("snippet-swiftui").textContent;
    return css.startsWith("/* Relief: ") && swift.startsWith("// Relief: ") ? [css, swift] : null;
"""


def copy(driver, base_url, controls):
    """Clicks the copy button of `controls` and returns what the clipboard then holds."""
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": base_url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    button = driver.find_element(By.CSS_SELECTOR, f'button[aria-controls="{controls}"]')
    driver.execute_script('arguments[0].scrollIntoView(); document.getElementById("copy-status").textContent = "";', button)
    button.click()
    wait_for(driver, 'return document.getElementById("copy-status").textContent', timeout=5)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.readText().then(done, (error) => done('refused: ' + error));")


def openapi_operation(base_url, path):
    """The GET operation of `path` in the server's /openapi.json."""
    with urllib.request.urlopen(f"{base_url}/openapi.json") as response:
        return json.load(response)["paths"][path]["get"]


def render_operation(base_url):
    """The `/render` operation of the server's /openapi.json."""
    return openapi_operation(base_url, "/render")


def control_label(driver, container):
    """The visible name of the control in `container`: its legend, else its input's label."""
    return driver.execute_script("""
        const container = arguments[0];
        const legend = container.querySelector("legend");
        if (legend) return legend.textContent;
        const control = container.querySelector("input, select");
        return control.labels[0]?.textContent ?? "";
    """, container)


def witness(condition, parameters):
    """Parameters and values that make an x-relief condition hold, with what makes those apply."""
    if condition is None:
        return {}
    if "all" in condition:
        pairs = {}
        for part in condition["all"]:
            for name, value in witness(part, parameters).items():
                pairs.setdefault(name, value)
        return pairs
    if "any" in condition:
        return witness(condition["any"][0], parameters)
    name = condition["parameter"]
    if condition.get("given") is False:
        return {}
    value = condition["in"][0] if "in" in condition else parameters[name]["schema"].get("enum", ["Go"])[0]
    pairs = witness(parameters[name].get("x-relief-applies"), parameters)
    pairs.setdefault(name, value)
    # scheme=auto needs a format that adapts to the viewer's appearance.
    if pairs.get("scheme") == "auto":
        pairs.setdefault("format", "svg")
    return pairs


def test_every_render_parameter_has_a_labelled_control(driver, base_url):
    names = [parameter["name"] for parameter in render_operation(base_url)["parameters"]]
    assert "format" in names and "background" in names
    open_page(driver, base_url)
    for name in names:
        assert control_label(driver, field(driver, name)).strip(), f"the control of {name} has no label"


def test_every_parameter_shows_its_control_where_it_applies(driver, base_url):
    """Walks the server's parameter table: in a query where a parameter applies, its control shows,
    enabled, with the server's label, and the page does not list it as unused."""
    operation = render_operation(base_url)
    parameters = {parameter["name"]: parameter for parameter in operation["parameters"]}
    by_context = {}
    for parameter in parameters.values():
        context = urllib.parse.urlencode(witness(parameter.get("x-relief-applies"), parameters))
        by_context.setdefault(context, []).append(parameter)
    for context, applying in by_context.items():
        open_page(driver, base_url, f"?{context}" if context else "")
        note = text_of(driver, "unused-note")
        unused = note.removeprefix("Not used with these settings: ").removesuffix(".").split(", ") if note else []
        for parameter in applying:
            name = parameter["name"]
            container = field(driver, name)
            assert container.is_displayed(), f"{name} is hidden at ?{context}"
            assert control_label(driver, container) == parameter["x-relief-label"]
            assert all(control.is_enabled() for control in container.find_elements(By.CSS_SELECTOR, "input, select"))
            assert name not in unused, f"{name} is listed as unused at ?{context}"


def test_changing_the_style_shows_a_new_render(driver, base_url):
    first = open_page(driver, base_url)
    choose(driver, "style", "dark")
    second = wait_for(driver, """
        const image = document.getElementById("preview-image");
        return image && image.complete && image.naturalWidth > 0 && image.src !== arguments[0]
            && !document.getElementById("preview").hasAttribute("aria-busy") ? image.src : null;
    """, first, message="no new render after choosing dark")
    assert second != first
    assert "style=dark" in driver.current_url
    assert text_of(driver, "snippet-url").endswith("/render?style=dark")
    assert driver.find_element(By.ID, "preview-image").get_attribute("alt").startswith("A dark round button")
    # The dark ring casts its shadows 2 points past the frame: an 80-point button and 42 around it.
    assert text_of(driver, "fact-pixels") == "164 × 164 px"
    assert text_of(driver, "fact-cache").startswith(("hit", "miss"))
    assert text_of(driver, "fact-render").endswith(" ms")


def test_controls_that_do_not_apply_are_hidden(driver, base_url):
    open_page(driver, base_url)
    assert field(driver, "size").is_displayed()
    assert not field(driver, "knob").is_displayed()
    choose_component(driver, "switch")
    wait_for(driver, PREVIEW_SETTLED)
    assert field(driver, "knob").is_displayed() and field(driver, "padding").is_displayed()
    assert not field(driver, "size").is_displayed() and not field(driver, "pressed").is_displayed()
    assert driver.find_element(By.ID, "parameter-width").get_attribute("value") == "170"
    assert not field(driver, "segments").is_displayed() and not field(driver, "tabs").is_displayed()
    # A segmented control and a tab bar show their own words, icons and choice, and only them.
    choose_component(driver, "segmented")
    wait_for(driver, PREVIEW_SETTLED)
    assert field(driver, "segments").is_displayed() and field(driver, "selected").is_displayed()
    assert not field(driver, "tabs").is_displayed() and not field(driver, "labels").is_displayed()
    assert not field(driver, "knob").is_displayed() and not field(driver, "from").is_displayed()
    choose_component(driver, "tabbar")
    wait_for(driver, PREVIEW_SETTLED)
    assert field(driver, "tabs").is_displayed() and field(driver, "labels").is_displayed()
    assert field(driver, "selected").is_displayed() and not field(driver, "segments").is_displayed()
    assert driver.find_element(By.ID, "parameter-width").get_attribute("value") == "320"
    # A checkbox shows its state and label, not a face's or a frame's; a text field its own three.
    choose_component(driver, "checkbox")
    wait_for(driver, PREVIEW_SETTLED)
    assert field(driver, "on").is_displayed() and field(driver, "label").is_displayed()
    assert not field(driver, "width").is_displayed() and not field(driver, "icon").is_displayed()
    assert not field(driver, "text").is_displayed() and not field(driver, "focused").is_displayed()
    choose_component(driver, "textfield")
    wait_for(driver, PREVIEW_SETTLED)
    for name in ("text", "placeholder", "focused", "width", "textsize"):
        assert field(driver, name).is_displayed(), f"{name} is hidden for a text field"
    assert not field(driver, "on").is_displayed() and not field(driver, "label").is_displayed()


def test_beside_a_label_the_icon_menu_offers_an_icon_to_lead_it(driver, base_url):
    open_page(driver, base_url, "?icon=star")
    icon = driver.find_element(By.ID, "parameter-icon")
    assert icon.is_enabled() and Select(icon).first_selected_option.get_attribute("value") == "star"
    # A label draws no icon by default; choosing one draws it beside the words.
    open_page(driver, base_url, "?label=Go")
    icon = driver.find_element(By.ID, "parameter-icon")
    assert icon.is_enabled() and Select(icon).first_selected_option.get_attribute("value") == "none"
    Select(icon).select_by_value("star")
    wait_for(driver, PREVIEW_SETTLED)
    assert text_of(driver, "snippet-url").endswith("/render?label=Go&icon=star")
    assert "icon" not in text_of(driver, "unused-note")
    open_page(driver, base_url, "?component=card&label=Go")
    assert not field(driver, "icon").is_displayed() and not field(driver, "textsize").is_displayed()


def test_a_link_with_a_query_opens_with_those_controls_set(driver, base_url):
    open_page(driver, base_url, "?style=dark&pressed=true&shape=capsule&label=Order%20now&scale=2")
    assert driver.find_element(By.ID, "parameter-style-dark").is_selected()
    assert driver.find_element(By.ID, "parameter-pressed").is_selected()
    assert driver.find_element(By.ID, "parameter-shape-capsule").is_selected()
    assert driver.find_element(By.ID, "parameter-label").get_attribute("value") == "Order now"
    assert driver.find_element(By.ID, "parameter-scale").get_attribute("value") == "2"
    assert text_of(driver, "snippet-url").endswith(
        "/render?style=dark&pressed=true&shape=capsule&label=Order%20now&scale=2")
    preview = driver.find_element(By.ID, "preview-image")
    assert (preview.get_attribute("naturalWidth"), preview.get_attribute("width")) == ("488", "244")
    assert text_of(driver, "fact-points") == "244 × 164 pt at 2×"


def test_typing_a_number_renders_and_keeps_the_page_url_in_sync(driver, base_url):
    first = open_page(driver, base_url)
    size = driver.find_element(By.ID, "parameter-size")
    size.send_keys(Keys.CONTROL, "a")
    size.send_keys("120")
    wait_for(driver, """
        const image = document.getElementById("preview-image");
        return image && image.src !== arguments[0] && image.naturalWidth === 200;
    """, first, message="no 200-pixel render after typing size 120")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(driver.current_url).query)
    assert query == {"size": ["120"]}


def test_the_img_snippet_holds_the_current_url_and_copies(driver, base_url):
    open_page(driver, base_url, "?component=toggle&style=soft&on=true&icon=power")
    url = text_of(driver, "snippet-url")
    assert url == f"{base_url}/render?component=toggle&style=soft&on=true&icon=power"
    snippet = text_of(driver, "snippet-img")
    # The server's <picture> (`/describe`): AVIF and WebP sources, and the PNG <img> of the same render.
    assert snippet.startswith("<picture>")
    assert '<source type="image/avif"' in snippet and '<source type="image/webp"' in snippet
    image = picture_image_query(snippet, base_url)
    assert {name: image[name] for name in ("component", "style", "on", "icon")} == {
        "component": ["toggle"], "style": ["soft"], "on": ["true"], "icon": ["power"]}
    assert 'width="160" height="160"' in snippet
    assert 'alt="A soft round toggle with a power icon, on"' in snippet
    assert text_of(driver, "snippet-markdown") == f"![A soft round toggle with a power icon, on]({url})"
    assert text_of(driver, "snippet-curl") == f"curl -OJ '{url}'"

    assert copy(driver, base_url, "snippet-img") == snippet
    assert text_of(driver, "copy-status") == "Copied the picture element."


def test_the_img_snippet_gives_the_size_of_the_image_shown(driver, base_url):
    # At the largest text size the label makes the frame grow beyond its default.
    open_page(driver, base_url, "?shape=capsule&label=Order%20now&textsize=ax5&scale=2")
    assert field(driver, "textsize").is_displayed()
    preview = driver.find_element(By.ID, "preview-image")
    # Points are pixels / scale, rounded to whole points as width and height attributes need.
    width, height = (int(int(preview.get_attribute(side)) / 2 + 0.5) for side in ("naturalWidth", "naturalHeight"))
    assert width > 240
    assert f'width="{width}" height="{height}"' in text_of(driver, "snippet-img")


# Every picture of the appearances view has loaded or failed; their facts once none is pending.
APPEARANCES_SETTLED = """
    const images = [...document.querySelectorAll("#appearances-row img")];
    if (images.length === 0 || images.some((image) => !image.complete)) return null;
    return images.map((image) => ({
        appearance: image.dataset.appearance, src: image.src, naturalWidth: image.naturalWidth, alt: image.alt,
        caption: image.closest("figure").querySelector("figcaption").textContent,
        x: image.getBoundingClientRect().x, y: image.getBoundingClientRect().y,
    }));
"""


def test_scheme_auto_shows_every_appearance_side_by_side_and_gives_a_picture(driver, base_url):
    open_page(driver, base_url, "?component=switch&on=true&scheme=auto")
    # The query's default format, PNG, holds one appearance: the preview shows the SVG that adapts.
    assert text_of(driver, "fact-pixels") == "none: a vector image"
    assert driver.find_element(By.ID, "problem").get_attribute("hidden") is not None
    pictures = wait_for(driver, APPEARANCES_SETTLED, message="the appearances were never shown")
    assert [picture["appearance"] for picture in pictures] == ["light", "dark", "light-high", "dark-high"]
    assert [picture["caption"] for picture in pictures] == [
        "Light: light", "Dark: dark", "Light, increased contrast: light", "Dark, increased contrast: dark"]
    for picture in pictures:
        assert picture["naturalWidth"] > 0, picture
        query = urllib.parse.parse_qs(urllib.parse.urlparse(picture["src"]).query)
        assert query["format"] == ["png"] and "scheme" not in query
        assert query["style"] == [picture["appearance"].removesuffix("-high")]
        assert ("contrast" in query) == picture["appearance"].endswith("-high")
        assert picture["alt"].endswith("switch, on"), picture
    # Side by side: light and dark on a row, at standard contrast above increased contrast.
    for left, right in ((0, 1), (2, 3)):
        assert abs(pictures[right]["y"] - pictures[left]["y"]) < 1 and pictures[right]["x"] > pictures[left]["x"]
    assert pictures[2]["y"] > pictures[0]["y"]

    # The HTML snippet is the server's <picture>, every link absolute and a PNG of its appearance.
    snippet = wait_for(
        driver, 'const text = document.getElementById("snippet-img").textContent;'
        ' return text.startsWith("<picture>") ? text : null;', message="no <picture> snippet")
    assert '<source media="(prefers-color-scheme: dark)"' in snippet
    assert '<source media="(prefers-color-scheme: dark) and (prefers-contrast: more)"' in snippet
    links = [candidate.split(" ")[0].replace("&amp;", "&")
             for part in snippet.split('srcset="')[1:] for candidate in part.split('"')[0].split(", ")]
    assert len(links) == 4 * 3 and all(link.startswith(f"{base_url}/render?") for link in links)
    for link in links:
        with urllib.request.urlopen(link) as response:
            assert response.headers["Content-Type"] == "image/png"
    assert driver.find_element(By.ID, "copy-img").text == "Copy <picture>"
    assert "@Environment(\\.colorScheme)" in wait_for(
        driver, 'const text = document.getElementById("snippet-swiftui").textContent;'
        ' return text.includes("colorSchemeContrast") ? text : null;', message="no SwiftUI of both appearances")
    # The audit measures each appearance and names it beside each check.
    names = [row["name"] for row in wait_for(driver, AUDIT_SETTLED, message="the audit never settled")]
    for words in ("Light", "Dark", "Light, increased contrast", "Dark, increased contrast"):
        assert any(name.endswith(f"({words})") for name in names), names
    assert_no_serious_accessibility_violation(driver)

    choose(driver, "scheme", "fixed")
    wait_for(driver, 'return document.getElementById("appearances").hidden', message="the appearances stayed")
    # One appearance: the server's <picture> of its image formats, no longer one source per appearance.
    wait_for(
        driver, 'const text = document.getElementById("snippet-img").textContent;'
        ' return text.startsWith("<picture>") && text.includes(\'type="image/avif"\');',
        message="no <picture> of the image formats")
    assert driver.find_element(By.ID, "copy-img").text == "Copy <picture>"


def test_an_invalid_combination_shows_the_problem(driver, base_url):
    driver.get(f"{base_url}/?component=switch&knob=200")
    wait_for(driver, 'return !document.getElementById("problem").hidden', message="no problem shown")
    problem = text_of(driver, "problem")
    assert "knob must be at most width - height (170 - 60 = 110)" in problem
    assert "knob accepts a number from 0 to 1024, at most width - height." in problem
    assert driver.find_element(By.ID, "parameter-knob").get_attribute("aria-invalid") == "true"
    assert text_of(driver, "fact-pixels") == "—"

    # Fixing the value brings a render back and clears the problem.
    knob = driver.find_element(By.ID, "parameter-knob")
    knob.send_keys(Keys.CONTROL, "a")
    knob.send_keys("60")
    wait_for(driver, PREVIEW_SETTLED)
    wait_for(driver, 'return document.getElementById("problem").hidden')
    assert driver.find_element(By.ID, "parameter-knob").get_attribute("aria-invalid") is None


def test_the_colour_and_light_controls_come_from_the_table(driver, base_url):
    """color and accent get colour pickers, light a compass with a degrees field, intensity,
    distance and blur sliders starting at the style's own values, surface a choice."""
    open_page(driver, base_url, "?style=soft")
    assert driver.find_element(By.ID, "parameter-color-value").get_attribute("type") == "color"
    assert driver.find_element(By.ID, "parameter-color-style").is_selected()
    compass = [element.get_attribute("value") for element in
               driver.find_elements(By.CSS_SELECTOR, '#parameters [data-parameter="light"] input[type="radio"]')]
    assert compass == ["topleft", "top", "topright", "right", "bottomright", "bottom", "bottomleft", "left"]
    assert driver.find_element(By.ID, "parameter-light-topleft").is_selected()
    assert driver.find_element(By.ID, "parameter-light-degrees").get_attribute("value") == "315"
    for name, value in [("intensity", "0.12"), ("distance", "8"), ("blur", "8")]:
        slider = driver.find_element(By.ID, f"parameter-{name}")
        assert slider.get_attribute("type") == "range"
        assert slider.get_attribute("value") == value, name
        assert text_of(driver, f"parameter-{name}-value").startswith(value)
    assert driver.find_element(By.ID, "parameter-surface-flat").is_selected()
    open_page(driver, base_url, "?style=colorful")
    assert field(driver, "accent").is_displayed()


def test_picking_a_light_direction_sends_its_degrees(driver, base_url):
    first = open_page(driver, base_url)
    choose(driver, "light", "bottomright")
    wait_for(driver, PREVIEW_SETTLED)
    wait_for(driver, "return document.getElementById('preview-image').src !== arguments[0]", first)
    assert driver.find_element(By.ID, "parameter-light-degrees").get_attribute("value") == "135"
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(driver.current_url).query)
    assert query == {"light": ["135"]}
    degrees = driver.find_element(By.ID, "parameter-light-degrees")
    degrees.send_keys(Keys.CONTROL, "a")
    degrees.send_keys("0", Keys.TAB)
    wait_for(driver, PREVIEW_SETTLED)
    wait_for(driver, "return document.getElementById('parameter-light-top').checked")


def test_the_margin_default_is_the_servers(driver, base_url):
    """The scene decides the default margin (light=top grows it to 45 points): the page leaves the
    field to the server and sizes the snippet from the image it got."""
    open_page(driver, base_url, "?light=top")
    margin = driver.find_element(By.ID, "parameter-margin")
    assert margin.get_attribute("value") == ""
    assert "the server decides" in text_of(driver, "parameter-margin-hint")
    preview = driver.find_element(By.ID, "preview-image")
    assert preview.get_attribute("naturalWidth") == "170"
    assert 'width="170" height="170"' in text_of(driver, "snippet-img")
    open_page(driver, base_url)
    assert driver.find_element(By.ID, "parameter-margin").get_attribute("value") == ""


def test_a_slider_moves_with_the_keyboard(driver, base_url):
    first = open_page(driver, base_url)
    slider = driver.find_element(By.ID, "parameter-distance")
    slider.send_keys(Keys.ARROW_RIGHT)
    wait_for(driver, "return document.getElementById('preview-image').src !== arguments[0]", first)
    wait_for(driver, PREVIEW_SETTLED)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(driver.current_url).query)
    assert query == {"distance": ["11"]}
    assert text_of(driver, "parameter-distance-value") == "11 pt"


def test_the_format_menu_comes_from_the_table_and_a_text_format_shows_its_code(driver, base_url):
    open_page(driver, base_url, "?style=colorful&pressed=true")
    menu = Select(driver.find_element(By.ID, "parameter-format"))
    formats = render_operation(base_url)["parameters"]
    values = next(p for p in formats if p["name"] == "format")["schema"]["enum"]
    assert [option.get_attribute("value") for option in menu.options] == values
    menu.select_by_value("swiftui")
    code = wait_for(driver, CODE_SETTLED, message="the SwiftUI code was never shown")
    assert code.startswith("// Relief: colorful round button with a heart icon, pressed.")
    assert ".shadow(color: Color.darkStart, radius: 10, x: 5, y: 5)" in code
    assert text_of(driver, "code-view-title") == "SwiftUI code"
    assert not driver.find_element(By.ID, "canvas").is_displayed()
    assert text_of(driver, "fact-pixels") == "none: text"
    url = text_of(driver, "snippet-url")
    assert url.endswith("/render?style=colorful&pressed=true&format=swiftui")
    # An <img> needs an image: its snippet's <img> keeps the PNG of the same render.
    image = picture_image_query(text_of(driver, "snippet-img"), base_url)
    assert image["format"] == ["png"] and image["style"] == ["colorful"] and image["pressed"] == ["true"]
    assert text_of(driver, "snippet-curl") == f"curl -OJ '{url}'"
    assert copy(driver, base_url, "code-view-text") == code


def test_the_svg_format_shows_the_image_at_its_size_in_points(driver, base_url):
    open_page(driver, base_url, "?component=switch&style=soft&format=svg&scale=2")
    preview = driver.find_element(By.ID, "preview-image")
    assert (preview.get_attribute("naturalWidth"), preview.get_attribute("width")) == ("202", "202")
    assert text_of(driver, "fact-points") == "202 × 92 pt"
    assert driver.find_element(By.ID, "code-view").is_displayed() is False


def test_the_snippets_copy_css_and_swiftui_and_download_svg(driver, base_url):
    open_page(driver, base_url, "?style=dark&shape=rounded")
    css, swift = wait_for(driver, CODE_SNIPPETS_SETTLED, message="the CSS and SwiftUI snippets never filled")
    assert ".relief-screen-1 {" in css and "box-shadow:" in css
    assert "struct ReliefButtonStyle1: ButtonStyle {" in swift
    assert copy(driver, base_url, "snippet-css") == css
    assert text_of(driver, "copy-status") == "Copied the CSS."
    assert copy(driver, base_url, "snippet-swiftui") == swift
    link = driver.find_element(By.ID, "download-svg")
    assert link.get_attribute("href") == f"{base_url}/render?style=dark&shape=rounded&format=svg"
    assert link.get_attribute("download") is not None
    with urllib.request.urlopen(link.get_attribute("href")) as response:
        assert response.headers["Content-Type"] == "image/svg+xml"
        assert response.headers["Content-Disposition"] == 'inline; filename="relief-dark-button.svg"'


def test_see_it_as_compares_pngs_whatever_the_format(driver, base_url):
    open_page(driver, base_url, "?style=dark&format=svg&simulate=deuteranopia")
    wait_for(driver, SIMULATION_SETTLED)
    simulated = driver.find_element(By.ID, "simulated-image").get_attribute("src")
    assert "simulate=deuteranopia" in simulated and "format=png" in simulated
    assert text_of(driver, "snippet-url").endswith("/render?style=dark&format=svg")


@pytest.mark.parametrize("width", [1280, 360])
def test_axe_finds_no_serious_violation_with_code_shown(driver, base_url, width):
    driver.set_window_size(width, 900)
    open_page(driver, base_url, "?style=soft")
    Select(driver.find_element(By.ID, "parameter-format")).select_by_value("css")
    wait_for(driver, CODE_SETTLED)
    wait_for(driver, CODE_SNIPPETS_SETTLED)
    assert_no_serious_accessibility_violation(driver)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [1280, 360])
def test_axe_finds_no_serious_or_critical_violation(driver, base_url, width):
    driver.set_window_size(width, 900)
    open_page(driver, base_url)
    wait_for(driver, GALLERY_SETTLED)
    assert_no_serious_accessibility_violation(driver)


def test_a_phone_screen_needs_no_sideways_scrolling(driver, base_url, artifacts):
    driver.set_window_size(360, 800)
    open_page(driver, base_url, "?component=switch&style=soft&on=true")
    wait_for(driver, GALLERY_SETTLED)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 360
    save_full_page(driver, artifacts / "playground-360.png")


def test_keyboard_reaches_the_controls_with_a_visible_focus(driver, base_url):
    open_page(driver, base_url)
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("class") == "skip-link"
    # Tab on through the header links, the "see it as" menu and the audit's buttons past the first
    # parameter, the component menu, to the style choice.
    for _ in range(30):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.switch_to.active_element.get_attribute("name") == "parameter-style":
            break
    focused = driver.switch_to.active_element
    assert focused.get_attribute("name") == "parameter-style"
    outline = driver.execute_script(
        "return getComputedStyle(arguments[0].nextElementSibling).outlineStyle", focused)
    assert outline == "solid"
    focused.send_keys(Keys.ARROW_RIGHT)
    assert driver.find_element(By.ID, "parameter-style-dark").is_selected()
    assert driver.find_elements(By.CSS_SELECTOR, "[role=button], a:not([href])") == []


def test_screenshot_of_the_page(driver, base_url, artifacts):
    """playground.png is the picture docs/playground.png is taken from; page.png is the whole page."""
    driver.set_window_size(1280, 1500)
    open_page(driver, base_url, "?style=colorful&shape=capsule&label=Order%20now&scale=2&simulate=lowvision")
    wait_for(driver, SIMULATION_SETTLED)
    wait_for(driver, AUDIT_SETTLED)
    wait_for(driver, GALLERY_SETTLED)
    driver.save_screenshot(str(artifacts / "playground.png"))
    save_full_page(driver, artifacts / "page.png")


def save_full_page(driver, path):
    """The whole page, beyond the window, through the DevTools protocol."""
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    path.write_bytes(base64.b64decode(shot["data"]))


# The audit panel shows the checks of the current query and no request is pending.
AUDIT_SETTLED = """
    const section = document.getElementById("audit");
    if (section.hasAttribute("aria-busy")) return null;
    return [...section.querySelectorAll(".check")].map((row) => ({
        id: row.dataset.check, pass: row.dataset.pass,
        name: row.querySelector("h4").textContent,
        mark: row.querySelector(".mark").textContent.trim(),
        measure: row.querySelector(".check-measure").textContent,
        detail: row.querySelector(".check-detail").textContent,
        suggestion: row.querySelector(".check-suggestion")?.textContent ?? null,
    }));
"""

# The simulated view shows a decoded image and no request is pending.
SIMULATION_SETTLED = """
    const image = document.getElementById("simulated-image");
    return image !== null && image.complete && image.naturalWidth > 0 && !document.getElementById("simulated").hidden
        && !document.getElementById("preview").hasAttribute("aria-busy")
        ? { src: image.src, alt: image.alt, naturalWidth: image.naturalWidth } : null;
"""


def audit_rows(driver):
    wait_for(driver, PREVIEW_SETTLED)
    return {row["id"]: row for row in wait_for(driver, AUDIT_SETTLED, message="the audit never settled")}


def test_the_audit_panel_shows_every_check_with_its_number(driver, base_url):
    open_page(driver, base_url)
    rows = audit_rows(driver)
    assert list(rows) == ["label-contrast", "control-contrast", "state-contrast", "target-size"]
    # Each row is named as /openapi.json titles its check's id.
    schema = openapi_operation(base_url, "/audit")["responses"]["200"]["content"]["application/json"]["schema"]
    component = schema["anyOf"][0]
    titles = {choice["const"]: choice["title"] for choice in component["properties"]["checks"]["items"]["properties"]["id"]["oneOf"]}
    assert {id: row["name"] for id, row in rows.items()} == {id: titles[id] for id in rows}
    assert rows["label-contrast"]["name"] == "Icon or label contrast"
    for row in rows.values():
        assert row["mark"] in ("✓ Pass", "✗ Fail"), row
        assert row["detail"].endswith("."), row
    assert rows["label-contrast"]["measure"].startswith("2.51:1 (needs 4.5:1, AA 1.4.3); AAA 7:1 not met")
    assert rows["control-contrast"]["measure"].startswith("1.01:1 (needs 3:1")
    assert rows["state-contrast"]["measure"].startswith("1.25:1 (needs 3:1")
    assert rows["target-size"]["measure"].startswith("80×80 pt (needs 24×24 pt")
    assert rows["target-size"]["pass"] == "true" and rows["target-size"]["mark"] == "✓ Pass"
    assert text_of(driver, "audit-summary") == "Fails 3 of 4 checks at level AA."


def test_the_audit_panel_names_the_part_each_check_measured(driver, base_url):
    open_page(driver, base_url, "?component=segmented")
    wait_for(driver, PREVIEW_SETTLED)
    names = [row["name"] for row in wait_for(driver, AUDIT_SETTLED, message="the audit never settled")]
    segments = ["segment 1, “Day”", "segment 2, “Week”", "segment 3, “Month”"]
    assert [name for name in names if name.startswith("Target size")] == [f"Target size: {part}" for part in segments]
    assert [name for name in names if name.startswith("Icon or label")] == [
        f"Icon or label contrast: {part}" for part in segments]
    # A check of the whole control keeps its title alone.
    assert "Edge contrast" in names


def test_choosing_light_shows_a_failing_label_contrast_not_by_colour_alone(driver, base_url):
    open_page(driver, base_url, "?style=dark")
    assert audit_rows(driver)["label-contrast"]["pass"] == "true"
    choose(driver, "style", "light")
    label = wait_for(driver, """
        const row = document.querySelector('#audit:not([aria-busy]) .check[data-check="label-contrast"]');
        return row && row.dataset.pass === "false" ? {
            measure: row.querySelector(".check-measure").textContent,
            mark: row.querySelector(".mark").textContent.trim(),
            glyphHidden: row.querySelector(".mark [aria-hidden=true]")?.textContent,
        } : null;
    """, message="light's label contrast never showed as failing")
    assert label["measure"].startswith("2.51:1")
    # The mark says it in words, and the glyph beside them is hidden from screen readers.
    assert label["mark"] == "✗ Fail" and label["glyphHidden"] == "✗"


# Rewords every suggestion /audit sends, as a translation would, and keeps its fix.
REWORDED_SUGGESTION = "Une suggestion, traduite."
REWORD_SUGGESTIONS = """
    const fetchFromServer = window.fetch.bind(window);
    window.fetch = async (resource, options) => {
        const response = await fetchFromServer(resource, options);
        if (!String(resource).startsWith("/audit") || !response.ok) return response;
        const audit = await response.json();
        for (const check of audit.checks) {
            if (check.suggestion) check.suggestion = "%s";
        }
        return new Response(JSON.stringify(audit), { status: response.status, headers: response.headers });
    };
""" % REWORDED_SUGGESTION


def test_applying_the_suggested_contrast_passes_the_label(driver, base_url):
    with urllib.request.urlopen(f"{base_url}/audit") as response:
        served = {check["id"]: check for check in json.load(response)["checks"]}
    assert "contrast=high raises the label to 8.44:1" in served["label-contrast"]["suggestion"]
    assert served["label-contrast"]["fix"] == [{"parameter": "contrast", "value": "high"}]
    # The panel gets the suggestion in other words: its button can only come from the fix.
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": REWORD_SUGGESTIONS})
    try:
        open_page(driver, base_url)
        rows = audit_rows(driver)
        assert rows["label-contrast"]["suggestion"] == f"{REWORDED_SUGGESTION} Apply contrast=high"
        driver.find_element(By.CSS_SELECTOR, '.check[data-check="label-contrast"] .check-suggestion button').click()
        wait_for(driver, """
            const row = document.querySelector('#audit:not([aria-busy]) .check[data-check="label-contrast"]');
            return row && row.dataset.pass === "true";
        """, message="the label never passed after applying contrast=high")
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    assert driver.find_element(By.ID, "parameter-contrast-high").is_selected()
    assert text_of(driver, "snippet-url").endswith("/render?contrast=high")
    assert driver.switch_to.active_element.get_attribute("id") == "audit-title"


def test_applying_a_target_fix_sets_every_parameter_it_names(driver, base_url):
    open_page(driver, base_url, "?shape=rounded&width=20&height=20&icon=none")
    assert audit_rows(driver)["target-size"]["pass"] == "false"
    button = driver.find_element(By.CSS_SELECTOR, '.check[data-check="target-size"] .check-suggestion button')
    assert button.text == "Apply width=44 and height=44"
    button.click()
    wait_for(driver, """
        const row = document.querySelector('#audit:not([aria-busy]) .check[data-check="target-size"]');
        return row && row.dataset.pass === "true" && !row.querySelector(".check-suggestion");
    """, message="the target never reached 44×44 after applying its fix")
    assert text_of(driver, "snippet-url").endswith("/render?shape=rounded&width=44&height=44&icon=none")


def test_see_it_as_shows_the_simulation_beside_the_original(driver, base_url):
    open_page(driver, base_url, "?style=colorful")
    assert not driver.find_element(By.ID, "simulated").is_displayed()
    select = driver.find_element(By.ID, "parameter-simulate")
    assert select.accessible_name == "See it as"
    select.send_keys("low")
    simulated = wait_for(driver, SIMULATION_SETTLED, message="no simulated image was shown")
    assert "simulate=lowvision" in simulated["src"]
    assert simulated["alt"] == "A colorful round button with a heart icon, at rest, as seen with low vision"
    assert text_of(driver, "simulated-name") == "Low vision"
    # Shown smaller beside its simulation, the original is still described at its size in points.
    assert text_of(driver, "fact-points") == "164 × 164 pt at 1×"
    assert 'width="164" height="164"' in text_of(driver, "snippet-img")
    # The original and its snippets are unchanged; the page's own URL keeps the comparison.
    original = driver.find_element(By.ID, "preview-image")
    assert "simulate" not in original.get_attribute("alt")
    assert text_of(driver, "snippet-url").endswith("/render?style=colorful")
    assert "simulate=lowvision" in driver.current_url
    left, right = (driver.find_element(By.ID, figure).rect for figure in ("preview", "simulated"))
    assert right["x"] >= left["x"] + left["width"] and abs(right["y"] - left["y"]) < 1

    Select(select).select_by_value("achromatopsia")
    wait_for(driver, 'return document.getElementById("simulated-image")?.src.includes("simulate=achromatopsia")')
    Select(select).select_by_value("none")
    wait_for(driver, 'return document.getElementById("simulated").hidden')


def test_a_failed_audit_is_said_in_the_panel(driver, base_url):
    driver.get(f"{base_url}/?component=switch&knob=200")
    wait_for(driver, 'return !document.getElementById("audit").hasAttribute("aria-busy")')
    assert text_of(driver, "audit-summary").startswith("No audit: ")
    assert "knob must be at most width - height" in text_of(driver, "audit-summary")
    assert driver.find_elements(By.CSS_SELECTOR, "#audit .check") == []


@pytest.mark.parametrize("width", [1280, 360])
def test_axe_finds_no_serious_violation_with_the_audit_and_a_simulation(driver, base_url, width):
    driver.set_window_size(width, 900)
    open_page(driver, base_url, "?style=light&simulate=protanopia")
    wait_for(driver, SIMULATION_SETTLED)
    wait_for(driver, AUDIT_SETTLED)
    assert_no_serious_accessibility_violation(driver)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width


def test_with_signed_urls_required_the_page_says_what_to_do_instead_of_broken_images(driver, signed_base_url):
    driver.get(f"{signed_base_url}/")
    notice = wait_for(driver, """
        const notice = document.querySelector("#playground .problem");
        return notice ? notice.textContent : null;
    """, message="no notice about signed URLs")
    assert "signed" in notice and "relief sign" in notice
    assert driver.find_elements(By.CSS_SELECTOR, "#playground img, #gallery-groups img") == []
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []


ANIMATED = "?component=switch&style=colorful&on=true&animate=true"

# The bytes of the preview's image, base64-encoded, handed to the async script's callback.
PREVIEW_BYTES = """
    const done = arguments[arguments.length - 1];
    fetch(document.getElementById("preview-image").src)
        .then((response) => response.arrayBuffer())
        .then((buffer) => done(btoa(String.fromCharCode(...new Uint8Array(buffer)))));
"""


def apng_frames(data):
    """How many frames Pillow reads in an (A)PNG's bytes, and its default image as RGBA."""
    from io import BytesIO

    from PIL import Image

    with Image.open(BytesIO(data)) as image:
        return image.n_frames, image.convert("RGBA").tobytes()


def test_animate_plays_the_change_in_the_preview_and_replay_restarts_it(driver, base_url):
    open_page(driver, base_url, ANIMATED)
    assert field(driver, "animate").is_displayed()
    assert driver.find_element(By.ID, "preview-image").get_attribute("alt") == "A colorful switch, changing from off to on"
    frames, default_image = apng_frames(base64.b64decode(driver.execute_async_script(PREVIEW_BYTES)))
    assert frames > 1
    # A viewer without APNG support sees the state asked for: the still's pixels.
    with urllib.request.urlopen(f"{base_url}/render?component=switch&style=colorful&on=true") as response:
        assert apng_frames(response.read()) == (1, default_image)
    assert "animate=true" in text_of(driver, "snippet-img")

    replay = driver.find_element(By.ID, "replay")
    assert replay.is_displayed()
    first = driver.find_element(By.ID, "preview-image").get_attribute("src")
    replay.click()
    wait_for(driver, "const image = document.getElementById('preview-image');"
             "return image.src !== arguments[0] && image.complete && image.naturalWidth > 0", first)
    assert text_of(driver, "preview-status") == "Playing again."

    # A still has nothing to replay.
    driver.find_element(By.ID, "parameter-animate").click()
    wait_for(driver, "return document.getElementById('replay').hidden")


def test_an_img_of_an_animation_moves_while_it_plays(driver, base_url):
    """The APNG in a plain <img>: Chromium decodes it, and looping, two screenshots 150 ms apart
    differ while the knob is on its way."""
    import time

    driver.get(f"{base_url}/healthz")
    driver.execute_script("""
        document.body.innerHTML = "";
        const image = document.createElement("img");
        image.id = "animation";
        image.src = arguments[0];
        document.body.append(image);
    """, f"{base_url}/render{ANIMATED}&loop=true")
    wait_for(driver, "const image = document.getElementById('animation'); return image.complete && image.naturalWidth > 0")
    image = driver.find_element(By.ID, "animation")
    # The loop holds each end 1 s: within 3 s some pair of screenshots falls while it moves.
    deadline = time.monotonic() + 3
    before = image.screenshot_as_png
    moved = False
    while not moved and time.monotonic() < deadline:
        time.sleep(0.15)
        after = image.screenshot_as_png
        moved = after != before
        before = after
    assert moved, "the animation showed the same picture throughout"
