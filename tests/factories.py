import factory
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model

PASSWORD = "a-long-test-passphrase"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def verified(user, create, extracted, **kwargs):
        if create:
            user.save()
            EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)


class ModeratorFactory(UserFactory):
    """Staff in the "Moderators" group (made by a migration), as a site would set one up."""

    is_staff = True

    @factory.post_generation
    def moderators_group(user, create, extracted, **kwargs):
        if create:
            from django.contrib.auth.models import Group

            user.groups.add(Group.objects.get(name="Moderators"))
