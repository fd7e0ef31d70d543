// Sign-up: preselect the browser's time zone in a field marked data-guess,
// when the site offers it. Without JavaScript the field stays at UTC, editable.
(function () {
  "use strict";
  var field = document.querySelector("select[data-guess=browser]");
  if (!field || !window.Intl) return;
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {  // a browser may report an old name (Asia/Calcutta): the list has the place's current one
    zone = JSON.parse(field.getAttribute("data-old-names") || "{}")[zone] || zone;
  } catch (e) {}
  for (var i = 0; i < field.options.length; i++) {
    if (field.options[i].value === zone) {
      field.value = zone;
      return;
    }
  }
})();
