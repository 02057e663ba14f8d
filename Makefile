# The two commands of the README: `make run` (the main job) and `make test`. Each installs what is
# missing first, then calls SwiftPM.
APT_PACKAGES :=
BREW_PACKAGES :=

.PHONY: run test deps

run: deps
	swift run -c release seed-example

test: deps
	swift test

deps:
	@COURIER_APT_PACKAGES="$(APT_PACKAGES)" COURIER_BREW_PACKAGES="$(BREW_PACKAGES)" .ci/install-deps
