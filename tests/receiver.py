"""A real HTTP receiver on loopback for the webhook and Web Push tests
(threading http.server): it answers each POST with the next of its statuses
(the last one repeats) and keeps what it was sent, and to which path."""

import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@contextmanager
def receiver(*statuses: int, location: str = "http://127.0.0.1:9/elsewhere"):
    got: list[tuple[dict, bytes]] = []
    paths: list[str] = []
    answers = list(statuses or (200,))

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            got.append(({k.lower(): v for k, v in self.headers.items()}, body))
            paths.append(self.path)
            status = answers.pop(0) if len(answers) > 1 else answers[0]
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", location)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        server.url = f"http://127.0.0.1:{server.server_address[1]}/hook?from=sequence"
        server.origin = f"http://127.0.0.1:{server.server_address[1]}"
        server.got, server.paths = got, paths
        yield server
    finally:
        server.shutdown()
        server.server_close()
