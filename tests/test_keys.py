"""The keys that give a right (web/keys.py): only the key itself opens its hash."""

from scorekeeper.web import keys


def test_a_key_opens_its_own_hash_and_nothing_else():
    key = keys.new_key()
    stored = keys.key_hash(key)
    assert len(key) == 32 and keys.KEY.fullmatch(key)
    assert len(stored) == 64 and key not in stored
    assert keys.opens(stored, key)
    assert not keys.opens(stored, keys.new_key())
    assert not keys.opens(None, key)  # an event from before keys: nobody holds its key
    for wrong in (None, 42, [key], key[:31], key + "x", key[:31] + "!"):
        assert not keys.opens(stored, wrong)


def test_two_keys_differ():
    assert len({keys.new_key() for _ in range(100)}) == 100
