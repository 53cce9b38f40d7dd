"""`almanac build` replaces site/ whole, or not at all."""
import pytest
from mkdocs.exceptions import Abort

from generator.site import build_sites


def config(tmp_path, lang, page_text, site_dir):
    root = tmp_path / lang
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "index.md").write_text(page_text, encoding="utf-8")
    path = root / "mkdocs.yml"
    path.write_text(f"site_name: t\ndocs_dir: docs\nsite_dir: {site_dir / lang}\n",
                    encoding="utf-8")
    return path


def test_a_failed_build_leaves_the_previous_site_untouched(tmp_path):
    site, staging = tmp_path / "site", tmp_path / "site.staging"
    site.mkdir()
    (site / "previous.html").write_text("old", encoding="utf-8")
    configs = {"ko": config(tmp_path, "ko", "# 좋음\n", staging),
               "en": config(tmp_path, "en", "[broken](missing.md)\n", staging)}
    with pytest.raises(Abort):
        build_sites(configs, site, staging)
    assert (site / "previous.html").read_text(encoding="utf-8") == "old"
    assert not staging.exists()


def test_a_good_build_replaces_the_site(tmp_path):
    site, staging = tmp_path / "site", tmp_path / "site.staging"
    site.mkdir()
    (site / "previous.html").write_text("old", encoding="utf-8")
    configs = {lang: config(tmp_path, lang, "# ok\n", staging) for lang in ("ko", "en")}
    build_sites(configs, site, staging)
    assert not (site / "previous.html").exists()
    assert (site / "ko" / "index.html").exists() and (site / "index.html").exists()
    assert not staging.exists()
