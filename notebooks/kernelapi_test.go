package notebooks_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/prepa-reines/reines/grading"
)

// A client of a Jupyter server's kernel API (the REST API under
// /api/kernels and the kernel's websocket, /api/kernels/ID/channels), as
// a browser's notebook page uses it: the tests start, drive and stop
// kernels through it, directly on a Notebook server or through a
// JupyterHub's proxy. The messages are those of the Jupyter messaging
// protocol 5.3 (jupyter-client.readthedocs.io/en/stable/messaging.html),
// JSON over the websocket, one per frame.

// kernelAPI is a Jupyter server's API: base is its root URL ending in
// "/" (http://127.0.0.1:PORT/ or, behind a hub, http://…/user/NAME/),
// token a token it accepts.
type kernelAPI struct {
	base, token string
}

// call sends a request with the token and decodes the JSON answer into
// out (if not nil); a status other than want is an error with the body.
func (a kernelAPI) call(method, path string, body any, want int, out any) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, a.base+path, r)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "token "+a.token)
	resp, err := (&http.Client{Timeout: 60 * time.Second}).Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode != want {
		return fmt.Errorf("%s %s: %s (want %d): %s", method, path, resp.Status, want, strings.TrimSpace(string(data)))
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("%s %s: %v in %q", method, path, err, data)
		}
	}
	return nil
}

// startKernel starts a kernel of the named spec and returns its id.
func (a kernelAPI) startKernel(name string) (string, error) {
	var k struct{ ID string }
	if err := a.call(http.MethodPost, "api/kernels", map[string]string{"name": name}, http.StatusCreated, &k); err != nil {
		return "", err
	}
	return k.ID, nil
}

// openNotebook opens a notebook (path relative to the server's root) as
// the notebook page does, a session with a new kernel of the named spec
// running in the notebook's folder, and returns the kernel's id.
func (a kernelAPI) openNotebook(path, kernelName string) (string, error) {
	var s struct{ Kernel struct{ ID string } }
	body := map[string]any{"path": path, "name": "", "type": "notebook", "kernel": map[string]string{"name": kernelName}}
	if err := a.call(http.MethodPost, "api/sessions", body, http.StatusCreated, &s); err != nil {
		return "", err
	}
	return s.Kernel.ID, nil
}

// deleteKernel shuts a kernel down, as the notebook page's Shutdown does.
func (a kernelAPI) deleteKernel(id string) error {
	return a.call(http.MethodDelete, "api/kernels/"+id, nil, http.StatusNoContent, nil)
}

// kernelConn is a websocket open on a kernel's channels.
type kernelConn struct {
	ws      *websocket.Conn
	session string
}

func randomID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// connect opens the kernel's websocket; the connection is closed when the
// test ends.
func (a kernelAPI) connect(t *testing.T, id string) *kernelConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	session := randomID()
	u := "ws" + strings.TrimPrefix(a.base, "http") + "api/kernels/" + id + "/channels?session_id=" + session
	ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"token " + a.token}}})
	if err != nil {
		t.Fatalf("opening the websocket of kernel %s: %v", id, err)
	}
	ws.SetReadLimit(64 << 20) // a chart's HTML carries ECharts (1 MB)
	t.Cleanup(func() { ws.CloseNow() })
	return &kernelConn{ws: ws, session: session}
}

// kernelMsg is a message of the protocol, as the server relays it.
type kernelMsg struct {
	Header       msgHeader      `json:"header"`
	ParentHeader msgHeader      `json:"parent_header"`
	Metadata     map[string]any `json:"metadata"`
	Content      map[string]any `json:"content"`
	Buffers      []any          `json:"buffers"`
	Channel      string         `json:"channel"`
}

type msgHeader struct {
	MsgID    string `json:"msg_id,omitempty"`
	MsgType  string `json:"msg_type,omitempty"`
	Username string `json:"username,omitempty"`
	Session  string `json:"session,omitempty"`
	Date     string `json:"date,omitempty"`
	Version  string `json:"version,omitempty"`
}

// execution is what a cell's execution sent back.
type execution struct {
	Status  string   // of the execute_reply: "ok", "error", "aborted"
	Stdout  string   // the stream outputs, stdout and stderr, in order
	HTML    []string // the text/html of each display_data or execute_result
	Checks  []string // the check records (grading.CheckMIME) they carry
	Errors  []string // each error output: ename: evalue
	Started bool     // the kernel said busy for this request
}

// send sends an execute_request of code and returns its message id.
func (c *kernelConn) send(ctx context.Context, code string) (string, error) {
	id := randomID()
	msg := kernelMsg{
		Header:   msgHeader{MsgID: id, MsgType: "execute_request", Username: "reines-test", Session: c.session, Date: time.Now().UTC().Format(time.RFC3339), Version: "5.3"},
		Metadata: map[string]any{}, Buffers: []any{}, Channel: "shell",
		Content: map[string]any{"code": code, "silent": false, "store_history": true, "user_expressions": map[string]any{},
			"allow_stdin": false, "stop_on_error": true},
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return "", err
	}
	return id, c.ws.Write(ctx, websocket.MessageText, data)
}

// execute runs code in the kernel and waits (at most within) for its
// reply and for the kernel to be idle again; until is called on the
// output so far after each message, and ends the wait early when it says
// true (then Status is "").
func (c *kernelConn) execute(code string, within time.Duration, until func(*execution) bool) (*execution, error) {
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	id, err := c.send(ctx, code)
	if err != nil {
		return nil, err
	}
	var ex execution
	replied, idle := false, false
	for !replied || !idle {
		_, data, err := c.ws.Read(ctx)
		if err != nil {
			return &ex, fmt.Errorf("waiting for the cell's outputs (%v): %w", within, err)
		}
		var m kernelMsg
		if err := json.Unmarshal(data, &m); err != nil {
			return &ex, fmt.Errorf("a message of the kernel: %v", err)
		}
		if m.ParentHeader.MsgID != id {
			continue
		}
		switch m.Header.MsgType {
		case "execute_reply":
			replied = true
			ex.Status, _ = m.Content["status"].(string)
		case "status":
			switch m.Content["execution_state"] {
			case "busy":
				ex.Started = true
			case "idle":
				idle = true
			}
		case "stream":
			s, _ := m.Content["text"].(string)
			ex.Stdout += s
		case "display_data", "execute_result", "update_display_data":
			if d, ok := m.Content["data"].(map[string]any); ok {
				if h, ok := d["text/html"].(string); ok {
					ex.HTML = append(ex.HTML, h)
				}
				if r, ok := d[grading.CheckMIME].(string); ok {
					ex.Checks = append(ex.Checks, r)
				}
			}
		case "error":
			ename, _ := m.Content["ename"].(string)
			evalue, _ := m.Content["evalue"].(string)
			ex.Errors = append(ex.Errors, ename+": "+evalue)
		}
		if until != nil && until(&ex) {
			return &ex, nil
		}
	}
	return &ex, nil
}
