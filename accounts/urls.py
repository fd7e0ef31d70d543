from django.urls import path

from accounts import token_views, views

urlpatterns = [
    path("settings/", views.settings_page, name="account_settings"),
    path("settings/tokens/", token_views.token_new, name="api_token_new"),
    path("settings/tokens/<int:token_id>/revoke/", token_views.token_revoke, name="api_token_revoke"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
