// The header's menu and search buttons are labels for Material's hidden checkboxes: a label takes
// no focus, so at phone width the menu could not be opened by keyboard. Make them buttons.
document.querySelectorAll('label.md-header__button[for="__drawer"], ' +
                          'label.md-header__button[for="__search"]').forEach(function (label) {
  label.tabIndex = 0;
  label.setAttribute("role", "button");
  if (!label.hasAttribute("aria-label")) {
    var nav = label.htmlFor === "__drawer" ? document.querySelector(".md-nav--primary") : null;
    var named = nav ? nav.getAttribute("aria-label") :
      document.querySelector(".md-search__input") &&
      document.querySelector(".md-search__input").getAttribute("aria-label");
    if (named) { label.setAttribute("aria-label", named); }
  }
  label.addEventListener("keydown", function (event) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();  // Material's own keys would click it a second time
      label.click();
    }
  });
});

// A table wider than the screen scrolls in Material's wrapper: keyboard users reach it by Tab.
window.addEventListener("load", function () {
  document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
    if (wrap.scrollWidth > wrap.clientWidth && !wrap.hasAttribute("tabindex")) {
      wrap.tabIndex = 0;
    }
  });
});
