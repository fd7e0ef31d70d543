from django.urls import path

from accounts import push_views, token_views, views, webhook_views

urlpatterns = [
    path("settings/", views.settings_page, name="account_settings"),
    path("settings/tokens/", token_views.token_new, name="api_token_new"),
    path("settings/tokens/<int:token_id>/revoke/", token_views.token_revoke, name="api_token_revoke"),
    path("settings/tokens/<int:token_id>/webhook/", webhook_views.webhook_set, name="webhook_set"),
    path("settings/tokens/<int:token_id>/webhook/test/", webhook_views.webhook_test, name="webhook_test"),
    path("settings/tokens/<int:token_id>/webhook/enable/", webhook_views.webhook_enable, name="webhook_enable"),
    path("settings/tokens/<int:token_id>/webhook/remove/", webhook_views.webhook_remove, name="webhook_remove"),
    path("settings/devices/", push_views.push_subscribe, name="push_subscribe"),
    path("settings/devices/<int:device_id>/remove/", push_views.push_remove, name="push_remove"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
