def loaded(instance) -> dict | None:
    """A model instance's stored values, to compare what SQL written by hand reads with what the ORM reads."""
    if instance is None:
        return None
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}
