"""Creates a few verified demo accounts for a local run and prints them."""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_PASSWORD = "sequence-demo"
DEMO_PLAYERS = ["alice", "bob", "carol", "dave"]


class Command(BaseCommand):
    help = "Create verified demo accounts (alice, bob, carol, dave) and an admin for local play."

    def handle(self, *args, **options):
        User = get_user_model()
        lines = []
        for username in [*DEMO_PLAYERS, "admin"]:
            email = f"{username}@example.com"
            user, created = User.objects.get_or_create(username=username, defaults={"email": email})
            if created:
                user.set_password(DEMO_PASSWORD)
                user.is_staff = user.is_superuser = username == "admin"
                user.save()
            EmailAddress.objects.update_or_create(user=user, email=email, defaults={"verified": True, "primary": True})
            lines.append(f"  {username:<6} {email:<20} password: {DEMO_PASSWORD}")
        self.stdout.write("Demo accounts (log in by username or e-mail):\n" + "\n".join(lines))
