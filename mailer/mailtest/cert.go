// Package mailtest holds helpers for tests that talk to real mail servers on
// 127.0.0.1: a self-signed TLS certificate, a capturing SMTP server with
// switchable failure modes, and access to an optional Dovecot instance.
//
// Everything here listens on loopback only and cleans up through t.Cleanup.
package mailtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"
)

var (
	certOnce sync.Once
	certVal  tls.Certificate
	certPool *x509.CertPool
	certErr  error
)

// TLSCert returns a self-signed certificate valid for 127.0.0.1, ::1 and
// localhost, and a pool that trusts it. The certificate is created once per
// test binary.
func TLSCert(t testing.TB) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	certOnce.Do(func() { certVal, certPool, certErr = makeCert() })
	if certErr != nil {
		t.Fatalf("mailtest: creating test certificate: %v", certErr)
	}
	return certVal, certPool
}

// ServerTLS returns a server-side TLS configuration using TLSCert.
func ServerTLS(t testing.TB) *tls.Config {
	t.Helper()
	cert, _ := TLSCert(t)
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
}

// ClientTLS returns a client-side TLS configuration that trusts TLSCert and
// expects the server name 127.0.0.1.
func ClientTLS(t testing.TB) *tls.Config {
	t.Helper()
	_, pool := TLSCert(t)
	return &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
}

func makeCert() (tls.Certificate, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(now.UnixNano()),
		Subject:               pkix.Name{CommonName: "pbem test", Organization: []string{"pbem tests"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(48 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool, nil
}
