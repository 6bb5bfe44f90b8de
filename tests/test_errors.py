"""The engine's errors: one hierarchy callers catch in general or in particular, and a payload
error that keeps the code read and the reason apart (the camera's unknown-code note and
`mathstation cards` show the reason alone)."""

from __future__ import annotations

import pytest

from engine.catalog import load_catalog
from engine.errors import (ActionError, CatalogError, ConfigError, EngineError, MalformedPayload, NumberFormatError,
                           PayloadError, UnknownCard, UnknownGame, UnknownVersion)


def test_a_payload_error_names_the_code_and_says_why_apart():
    with pytest.raises(UnknownCard) as caught:
        load_catalog().from_payload("MCS1-MW-Z-N1")
    error = caught.value
    assert error.payload == "MCS1-MW-Z-N1" and error.reason == "Math Wars Meta has deck copies A–H, not 'Z'"
    assert str(error) == f"QR code 'MCS1-MW-Z-N1': {error.reason}"


@pytest.mark.parametrize("error", [NumberFormatError, PayloadError, MalformedPayload, UnknownVersion, UnknownGame,
                                   UnknownCard, ConfigError, ActionError])
def test_errors_about_a_value_are_value_errors_too(error):
    assert issubclass(error, EngineError) and issubclass(error, ValueError)


def test_a_broken_manifest_is_a_packaging_bug_not_a_bad_value():
    assert issubclass(CatalogError, EngineError) and not issubclass(CatalogError, ValueError)
