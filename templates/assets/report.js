// The report's filter: a coverage page's rows by a status they have. The form shows only where
// this script runs; without it every row stays in view.
document.querySelectorAll("form.almanac-filter").forEach((form) => {
  const rows = [...document.querySelectorAll(".almanac-matrix-table tbody tr")];
  const apply = () => {
    const status = form.elements.status.value;
    let shown = 0;
    for (const row of rows) {
      const lacking = row.dataset.lacking.split(" ").filter(Boolean);
      const keep = !status || (status === "lacking" ? lacking.length > 0 : lacking.includes(status));
      row.hidden = !keep;
      shown += keep ? 1 : 0;
    }
    form.elements.shown.value = `${shown} / ${rows.length}`;
  };
  form.addEventListener("change", apply);
  form.hidden = false;
  apply();
});
