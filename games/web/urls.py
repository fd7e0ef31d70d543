from django.urls import path

from games.web import chat as views_chat
from games.web import rules as views_rules
from games.web import views
from games.web.reply_addresses import new_reply_addresses

urlpatterns = [
    path("", views.home, name="home"),
    path("welcome/", views.welcome, name="welcome"),
    path("games/new/", views.game_new, name="game_new"),
    path("games/open/", views.open_games, name="open_games"),
    path("games/<int:game_id>/", views.game_detail, name="game"),
    path("games/<int:game_id>/version.json", views.game_version, name="game_version"),
    path("games/<int:game_id>/move/", views.game_move, name="game_move"),
    path("games/<int:game_id>/resign/", views.game_resign, name="game_resign"),
    path("games/<int:game_id>/draw/", views.game_draw, name="game_draw"),
    path("games/<int:game_id>/join/", views.game_join, name="game_join"),
    path("games/<int:game_id>/leave/", views.game_leave, name="game_leave"),
    path("games/<int:game_id>/start/", views.game_start, name="game_start"),
    path("games/<int:game_id>/rematch/", views.game_rematch, name="game_rematch"),
    path("games/<int:game_id>/invite/", views.game_invite, name="game_invite"),
    path("games/<int:game_id>/arrange/", views.game_arrange, name="game_arrange"),
    path("games/<int:game_id>/answer/", views.game_answer_invitation, name="game_answer_invitation"),
    path("games/<int:game_id>/replay/", views.game_replay, name="game_replay"),
    path("games/<int:game_id>/record.json", views.game_record, name="game_record"),
    path("games/<int:game_id>/chat/", views_chat.chat_post, name="chat_post"),
    path("games/<int:game_id>/chat/mute/", views_chat.chat_mute, name="chat_mute"),
    path("games/<int:game_id>/chat/unmute/", views_chat.chat_unmute, name="chat_unmute"),
    path("games/<int:game_id>/report/", views_chat.game_report, name="game_report"),
    path("invitations/<str:token>/", views.invitation, name="invitation"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("rules/", views_rules.rules, name="rules"),
    path("reply-addresses/new/", new_reply_addresses, name="new_reply_addresses"),
]
