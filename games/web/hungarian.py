"""A Hungarian page's "a(z)" decided once its template has filled the values
in (games.articles says which article a word takes)."""

from games.articles import resolve


class HungarianArticlesMiddleware:
    """A Hungarian page's "a(z)" decided, after its template filled the values in."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            response.get("Content-Language") == "hu"  # LocaleMiddleware, inside this one, has set it
            and not response.streaming
            and response.get("Content-Type", "").startswith("text/html")
        ):
            text = response.content.decode(response.charset)
            decided = resolve(text)
            if decided != text:
                response.content = decided.encode(response.charset)
                if response.has_header("Content-Length"):  # CommonMiddleware, inside this one, counted the old bytes
                    response["Content-Length"] = str(len(response.content))
        return response
