from django.urls import path

from accounts import views

urlpatterns = [
    path("settings/", views.settings_page, name="account_settings"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
