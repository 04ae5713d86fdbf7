"""format=html pages in Chromium, against a real `relief serve`: each control's element has the role
and name the browser's accessibility tree computes from it, and axe-core finds no serious violation on
any component's page."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import assert_no_serious_accessibility_violation

# Each control's query, the role Chromium computes for its element and its accessible name.
CONTROLS = [
    ("component=button&label=Order", "button", "Order"),
    ("component=toggle&icon=heart&on=true", "button", "heart"),
    ("component=switch&on=true", "switch", "switch"),
    ("component=checkbox&label=Remember%20me", "checkbox", "Remember me"),
    ("component=radio&on=true&label=Express", "radio", "Express"),
    ("component=slider&value=0.25", "slider", "slider"),
    ("component=slider&value=0.5&steps=4", "slider", "slider"),
    ("component=progress&value=0.6", "progressbar", "progress"),
    ("component=progress&value=0.6&circular=true", "progressbar", "progress"),
]

# Components drawn as pictures, without a role of their own.
PICTURES = ["component=card", "component=well", "component=segmented", "component=tabbar", "component=textfield"]


def open_html(driver, base_url, query):
    # A component's page is its one-element screen's: the component is the element relief-screen-1.
    driver.get(f"{base_url}/render?{query}&format=html")
    return driver.find_element(By.CSS_SELECTOR, ".relief-canvas > .relief-screen-1")


@pytest.mark.parametrize("query, role, name", CONTROLS)
def test_a_controls_html_element_has_its_role_and_name(driver, base_url, query, role, name):
    element = open_html(driver, base_url, query)
    assert element.aria_role == role
    assert element.accessible_name == name


def test_the_html_slider_says_its_value_and_keyboard_focus_reaches_it(driver, base_url):
    element = open_html(driver, base_url, "component=slider&value=0.5&steps=4")
    assert element.get_attribute("aria-valuenow") == "50"
    assert element.get_attribute("aria-valuetext") == "50 %, step 2 of 4"
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    assert driver.switch_to.active_element == element


@pytest.mark.parametrize("query", [query for query, _, _ in CONTROLS] + PICTURES)
def test_axe_finds_no_serious_violation_on_an_html_page(driver, base_url, query):
    open_html(driver, base_url, query)
    assert_no_serious_accessibility_violation(driver)
