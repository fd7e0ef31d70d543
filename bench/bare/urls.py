"""Two views: a 10×10 board page, and a POST that locks and updates one row
(of many) of bench_bare_row in a transaction, then answers 303 like a move."""

from django.db import connection, transaction
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import path
from django.views.decorators.http import require_GET, require_POST

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "Q", "K", "A"]
SUITS = ["S", "H", "D", "C"]
ROWS = [
    [
        {
            "cell": f"{'ABCDEFGHIJ'[c]}{r + 1}",
            "card": RANKS[(r * 10 + c) % 12] + SUITS[(r + c) % 4],
            "chip": ("blue", "green", "")[(r * 7 + c * 3) % 3],
        }
        for c in range(10)
    ]
    for r in range(10)
]


@require_GET
def board(request):
    return render(request, "board.html", {"rows": ROWS, "hand": [cell["card"] for cell in ROWS[3][:7]]})


@require_POST
def lock(request, row_id: int):
    if not request.user.is_authenticated:
        return HttpResponse("Log in first.", status=403)
    version = int(request.POST.get("version", "0"))
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT counter FROM bench_bare_row WHERE id = %s FOR UPDATE", [row_id])
        (counter,) = cursor.fetchone()
        cursor.execute(
            "UPDATE bench_bare_row SET counter = %s, note = %s WHERE id = %s",
            [counter + 1 + version, request.POST.get("move", ""), row_id],
        )
    response = HttpResponseRedirect(f"/board/?row={row_id}")
    response.status_code = 303
    return response


urlpatterns = [path("board/", board), path("lock/<int:row_id>/", lock)]
