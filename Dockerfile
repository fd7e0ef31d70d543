# One image for every process of the Procfile; the command picks the role
# (compose.yaml runs each). Debian's Python 3.11, as CI and the tests use.
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=sequence_site.settings \
    STATIC_ROOT=/srv/sequence/staticfiles VAR_DIR=/var/lib/sequence
WORKDIR /srv/sequence
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
# The translations and the static files are built into the image: no process writes them at start.
RUN pybabel -q compile --domain=django --directory=locale \
    && SECRET_KEY=build-only python manage.py collectstatic --noinput -v0 \
    && useradd --system --home-dir /var/lib/sequence --create-home sequence
USER sequence
EXPOSE 8000
CMD ["gunicorn", "-c", "python:sequence_site.gunicorn_config", "sequence_site.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3", "--worker-class", "gthread", "--threads", "4", "--access-logfile", "-"]
