# reines — Go course workbook on the N-queens problem.
#   make jupyter    set up if needed, then Jupyter on workspace/ (a working copy of notebooks/)
#   make test       set up if needed (with Chromium), then run every test
#   make bench      benchmarks of the solvers and the grader
#   make fuzz       a short run of the fuzz targets (FUZZTIME=20000x runs each)
#   make notebooks  regenerate notebooks/*.ipynb from grading/nbNN/*.txtar
#   make student    write the student edition (OUT=build/student)
#   make check      run the public checks of the notebooks saved in workspace/ (NB=… others)
#   make grade SUBMISSIONS=folder [OUT=grades] [GRADE_ARGS=…]   grade submitted notebooks
#   make samples    the grader's sample submissions, to try it on (build/samples)
#   make gradescope [TP=01]   the Gradescope autograder zip (build/gradescope-TP.zip)
#   make handouts [TP="01 03"] [OUT=dir]   printable statements, corrections and the teacher's guide (build/handouts)
SHELL := bash
# A Go that kernel-setup/setup.sh installed (no Go 1.26 on the machine) is in ~/.local/go.
export PATH := $(HOME)/.local/go/bin:$(PATH)
GOBIN := $(shell go env GOPATH)/bin
# GoNB and goimports live in GOBIN; a pip --user Jupyter in ~/.local/bin.
export PATH := $(GOBIN):$(HOME)/.local/bin:$(PATH)
STAMP := build/.setup-done
PORT ?= 8888

.PHONY: all setup jupyter test test-go test-notebooks lint fuzz grade samples gradescope handouts bench notebooks student check clean

all: test

# The setup script is idempotent; the stamp only saves its few seconds.
$(STAMP): kernel-setup/setup.sh kernel-setup/gonb-kernel.sh kernel-setup/gopls-shim/gopls kernel-setup/install-go.sh kernel-setup/smoke.ipynb
	bash kernel-setup/setup.sh $(SETUP_FLAGS)
	@mkdir -p build && touch $@

setup:
	bash kernel-setup/setup.sh $(SETUP_FLAGS)
	@mkdir -p build && touch $(STAMP)

# Jupyter refuses to run as root unless told to (containers, CI machines).
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# Jupyter serves a working copy of the generated notebooks, never the
# tracked ones (a test compares them with the generator's output, and
# Jupyter's autosave would change them): the student notebooks, and the
# corrections in corrections/, each copied when missing and never
# overwritten (internal/jupyter; make clean leaves it). A server already
# on that folder is named, not started again. Built, not go run: go run
# exits 1 when Ctrl-C stops the server, and make would report an error.
WORKSPACE ?= workspace

jupyter: $(STAMP)
	@go build -o build/launch-jupyter ./internal/jupyter && \
	  exec build/launch-jupyter -workspace $(WORKSPACE) -- --no-browser --port=$(PORT) $(ROOT_FLAG) $(JUPYTER_ARGS)

# Tests always re-run the (idempotent) setup, Chromium and JupyterHub
# included (TestHub runs a class on hub/'s configuration): it ends
# with the smoke notebook, the first test. Then lint, test-go, fuzz and
# test-notebooks, run and timed by internal/testbudget: a table of each
# phase (package, kernel test) against the suite's budget ends the output.
test:
	@start=$$(date +%s); bash kernel-setup/setup.sh --browser --grader --hub && \
	  mkdir -p build && touch $(STAMP) && \
	  go run ./internal/testbudget -setup-seconds $$(( $$(date +%s) - start )) -fuzztime $(FUZZTIME)

# lint, test-go, fuzz and test-notebooks: one phase of make test each,
# with its table (the commands are written once, in internal/testbudget).
lint:
	go run ./internal/testbudget -only lint

test-go:
	go run ./internal/testbudget -only go

# A short run of each fuzz target on what reads untrusted input (the
# submissions' notebooks, their cells, the teacher's manual.csv); FUZZTIME
# larger (or a duration, e.g. 10m) for a real search. Failing inputs land in
# testdata/fuzz. The budget is a count of runs, not a duration: a duration
# races Go 1.26's fuzzing coordinator at its deadline and fails with a bare
# "context deadline exceeded" and no input (go.dev/issue/75804, fixed in Go
# 1.27), and a count does the same work on any machine.
FUZZTIME ?= 20000x
fuzz:
	go run ./internal/testbudget -only fuzz -fuzztime $(FUZZTIME)

test-notebooks: $(STAMP)
	go run ./internal/testbudget -only kernel

# GRADE_ARGS passes further flags to the grader (-tp 01, -manual
# grades/manual.csv, -reveal, -j 2, -timeout 20s).
grade:
	@[ -n "$(SUBMISSIONS)" ] || { echo "usage: make grade SUBMISSIONS=folder [OUT=grades] [GRADE_ARGS='-tp 01 -manual grades/manual.csv']"; exit 2; }
	@command -v bwrap >/dev/null || bash kernel-setup/setup.sh --grader --no-smoke
	go run ./grading/cmd/grade -out $(or $(OUT),grades) $(GRADE_ARGS) $(SUBMISSIONS)

# The grader's sample submissions (see grading/cmd/samples): corpus/ (TP 1
# notebooks as a class hands them in), mistakes/ and adversarial/, in
# build/samples.
samples:
	go run ./grading/cmd/samples $(if $(OUT),-o $(OUT))

# The Gradescope autograder of one TP (TP=01) or of all: upload the zip as
# the assignment's autograder (see grading/cmd/autograder).
gradescope:
	go run ./grading/cmd/autograder -tp $(or $(TP),all) $(if $(OUT),-o $(OUT)) $(AUTOGRADER_ARGS)

# The printable handouts (see grading/cmd/handouts): per TP the statement
# (NN-name.pdf) and its correction (NN-name-corrige.pdf), and the teacher's
# guide (guide-enseignant.pdf), each with its .html, printed by headless
# Chromium (installed here if missing). TP="01 03" for some TPs only.
handouts:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null || bash kernel-setup/setup.sh --browser --no-smoke
	go run ./grading/cmd/handouts $(strip $(if $(OUT),-o $(OUT)) $(TP))

# The Go benchmarks, then the fast counter's table for n = 15..18 (a few
# minutes on two cores): n, count, classes, seconds, solutions/s, workers,
# and the single-threaded time against a plain mirror-symmetry C counter
# built here with gcc -O3 (tp/fastcount/testdata/mirror.c), side by side.
#
# Then the grader's table (grading/cmd/gradebench, about half an hour on two
# cores; GRADEBENCH_ARGS=-cold=false skips the runs with empty caches): the
# grader's start, a run with nothing changed, each correction regraded
# alone, the test corpus, a class of 100, a Gradescope submission, warm and
# cold, against their targets; then the live class view's looks at 40
# students (GRADEBENCH_ARGS="-only live": that table alone, a few minutes;
# "-only class -cold=false": the class of 100 alone, warm, about ten minutes).
bench:
	go test ./tp/... -run '^$$' -bench . -benchtime 1x
	@mkdir -p build && gcc -O3 -o build/mirror tp/fastcount/testdata/mirror.c
	go run ./tp/fastcount/cmd/benchtable -min 15 -max 18 -c build/mirror
	@command -v bwrap >/dev/null || bash kernel-setup/setup.sh --grader --no-smoke
	go run ./grading/cmd/gradebench $(GRADEBENCH_ARGS)
	go run ./internal/cellbench

# The notebooks, from their sources (the grader's test notebooks are made
# from them at test time: see grading/fixtures).
notebooks:
	go run ./grading/cmd/release

# The student edition: a folder to push as its own repository or to zip.
student:
	go run ./grading/cmd/release -student -o $(or $(OUT),build/student)

# The notebooks make jupyter saves (workspace/), or notebooks/ if none.
NB ?= $(or $(wildcard $(WORKSPACE)/*.ipynb),$(wildcard notebooks/*.ipynb))
check:
	@go run ./grading/cmd/check $(NB)

clean:
	rm -rf build
