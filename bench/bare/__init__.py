"""A bare Django project: the baseline bench/web.py compares the site with."""
