package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"go.yaml.in/yaml/v3"
)

// Config is the daemon's configuration file (see config.example.yaml).
type Config struct {
	Store         string `yaml:"store"`
	Domain        string `yaml:"domain"`
	OrdersAddress string `yaml:"orders_address"`
	FromName      string `yaml:"from_name"`
	TemplatesDir  string `yaml:"templates_dir"`
	// DocsURL is a public page explaining the dice procedure (for
	// instance the published docs/dice.md); reports link to it.
	DocsURL string `yaml:"docs_url"`

	IMAP     *IMAPConfig     `yaml:"imap"`
	SMTP     *SMTPConfig     `yaml:"smtp"`
	Embedded *EmbeddedConfig `yaml:"embedded"`

	Deadlines struct {
		DefaultHours  int `yaml:"default_hours"`
		ReminderHours int `yaml:"reminder_hours"`
	} `yaml:"deadlines"`
	RateLimit struct {
		PerHour int `yaml:"per_hour"`
	} `yaml:"rate_limit"`
	MaxMessageKB int                 `yaml:"max_message_kb"`
	Aliases      map[string][]string `yaml:"aliases"`
	// Creators may create games by email (address → the secret their
	// create emails carry).
	Creators map[string]string `yaml:"creators"`
	Log      struct {
		Format string `yaml:"format"` // text or json
		Level  string `yaml:"level"`
	} `yaml:"log"`
	// Auth says how senders are authenticated (see docs/orders.md):
	// TrustedAuthServID names the receiving mail server whose
	// Authentication-Results headers pbem believes, e.g.
	// "mx.club.example"; DKIMVerify checks DKIM signatures directly too.
	// Each game's GM then chooses off, warn or require ("auth MODE",
	// "pbem new --sender-auth").
	Auth struct {
		TrustedAuthServID string `yaml:"trusted_authserv_id"`
		DKIMVerify        bool   `yaml:"dkim_verify"`
	} `yaml:"auth"`
	Metrics struct {
		// Addr serves Prometheus metrics and /healthz, e.g.
		// "127.0.0.1:9464"; "" (the default) serves none.
		Addr string `yaml:"addr"`
	} `yaml:"metrics"`
}

// IMAPConfig is the mailbox the daemon reads orders from.
type IMAPConfig struct {
	Addr               string        `yaml:"addr"`
	TLS                string        `yaml:"tls"` // none, starttls, tls
	Username           string        `yaml:"username"`
	Password           string        `yaml:"password"`
	PasswordFile       string        `yaml:"password_file"`
	Mailbox            string        `yaml:"mailbox"`
	ProcessedMailbox   string        `yaml:"processed_mailbox"`
	FailedMailbox      string        `yaml:"failed_mailbox"`
	Poll               time.Duration `yaml:"poll"`
	InsecureSkipVerify bool          `yaml:"insecure_skip_verify"`
}

// SMTPConfig is the server the daemon sends through.
type SMTPConfig struct {
	Host               string `yaml:"host"`
	Port               int    `yaml:"port"`
	TLS                string `yaml:"tls"` // none, starttls, tls
	Username           string `yaml:"username"`
	Password           string `yaml:"password"`
	PasswordFile       string `yaml:"password_file"`
	InsecureSkipVerify bool   `yaml:"insecure_skip_verify"`
}

// EmbeddedConfig runs pbem's own IMAP and SMTP servers on loopback.
type EmbeddedConfig struct {
	Host     string            `yaml:"host"`
	IMAPPort int               `yaml:"imap_port"`
	SMTPPort int               `yaml:"smtp_port"`
	Users    map[string]string `yaml:"users"` // local part -> password
}

// DefaultConfig is what `pbem serve` uses with no file: a store in the
// current directory and the embedded mail server on 127.0.0.1.
func DefaultConfig() *Config {
	c := &Config{}
	c.applyDefaults()
	return c
}

func (c *Config) applyDefaults() {
	if c.Store == "" {
		c.Store = "pbem.db"
	}
	if c.Domain == "" {
		c.Domain = "pbem.localhost"
	}
	if c.OrdersAddress == "" {
		c.OrdersAddress = "orders@" + c.Domain
	}
	if c.FromName == "" {
		c.FromName = "pbem judge"
	}
	if c.IMAP == nil && c.Embedded == nil {
		c.Embedded = &EmbeddedConfig{}
	}
	if c.Embedded != nil {
		if c.Embedded.Host == "" {
			c.Embedded.Host = "127.0.0.1"
		}
		if c.Embedded.IMAPPort == 0 {
			c.Embedded.IMAPPort = 1143
		}
		if c.Embedded.SMTPPort == 0 {
			c.Embedded.SMTPPort = 2525
		}
	}
	// pbem's own mail server receives the orders and stamps each one
	// with who logged in to send it: trust it unless told otherwise.
	if c.IMAP == nil && c.Embedded != nil && c.Auth.TrustedAuthServID == "" {
		c.Auth.TrustedAuthServID = c.Domain
	}
	if c.Deadlines.DefaultHours == 0 {
		c.Deadlines.DefaultHours = 72
	}
	if c.Deadlines.ReminderHours == 0 {
		c.Deadlines.ReminderHours = 24
	}
	if c.RateLimit.PerHour == 0 {
		c.RateLimit.PerHour = 60
	}
	if c.MaxMessageKB == 0 {
		c.MaxMessageKB = 1024
	}
	if c.Log.Format == "" {
		c.Log.Format = "text"
	}
	if c.IMAP != nil {
		if c.IMAP.TLS == "" {
			c.IMAP.TLS = "tls"
		}
		if c.IMAP.Mailbox == "" {
			c.IMAP.Mailbox = "INBOX"
		}
		if c.IMAP.Poll == 0 {
			c.IMAP.Poll = time.Minute
		}
	}
	if c.SMTP != nil {
		if c.SMTP.TLS == "" {
			c.SMTP.TLS = "starttls"
		}
		if c.SMTP.Port == 0 {
			c.SMTP.Port = 587
		}
	}
}

// LoadConfig reads a YAML file, rejecting unknown keys. Relative paths
// in it (store, templates_dir, password files) are relative to the
// file's directory.
func LoadConfig(path string) (*Config, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("configuration file %s does not exist", path)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, fmt.Errorf("configuration file %s: %w", path, pe.Err)
	}
	if err != nil {
		return nil, err
	}
	c, err := parseConfig(b, path)
	if err != nil {
		return nil, err
	}
	c.resolvePaths(filepath.Dir(path))
	if c.IMAP != nil && c.IMAP.PasswordFile != "" {
		p, err := os.ReadFile(c.IMAP.PasswordFile)
		if err != nil {
			return nil, fmt.Errorf("config %s: imap password_file: %w", path, err)
		}
		c.IMAP.Password = string(bytes.TrimSpace(p))
	}
	if c.SMTP != nil && c.SMTP.PasswordFile != "" {
		p, err := os.ReadFile(c.SMTP.PasswordFile)
		if err != nil {
			return nil, fmt.Errorf("config %s: smtp password_file: %w", path, err)
		}
		c.SMTP.Password = string(bytes.TrimSpace(p))
	}
	return c, nil
}

// resolvePaths makes the configuration's relative paths relative to dir.
func (c *Config) resolvePaths(dir string) {
	abs := func(p *string) {
		if *p != "" && !filepath.IsAbs(*p) {
			*p = filepath.Join(dir, *p)
		}
	}
	abs(&c.Store)
	abs(&c.TemplatesDir)
	if c.IMAP != nil {
		abs(&c.IMAP.PasswordFile)
	}
	if c.SMTP != nil {
		abs(&c.SMTP.PasswordFile)
	}
}

// parseConfig decodes and checks a configuration, without reading the
// password files it names.
func parseConfig(b []byte, path string) (*Config, error) {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	c := &Config{}
	if err := dec.Decode(c); err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	if c.IMAP != nil && c.SMTP == nil {
		return nil, fmt.Errorf("config %s: imap is set but smtp is not: the daemon needs both (or neither, for the embedded server)", path)
	}
	for _, t := range []struct{ what, mode string }{{"imap", tlsOf(c.IMAP)}, {"smtp", smtpTLSOf(c.SMTP)}} {
		switch t.mode {
		case "", "none", "starttls", "tls":
		default:
			return nil, fmt.Errorf("config %s: %s tls %q: use none, starttls or tls", path, t.what, t.mode)
		}
	}
	c.applyDefaults()
	return c, nil
}

func tlsOf(c *IMAPConfig) string {
	if c == nil {
		return ""
	}
	return c.TLS
}

func smtpTLSOf(c *SMTPConfig) string {
	if c == nil {
		return ""
	}
	return c.TLS
}
