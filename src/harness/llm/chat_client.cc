#include "harness/llm/chat_client.h"

#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <cstdio>
#include <optional>

#include "harness/llm/prompt.h"
#include "harness/url_parts.h"

namespace gb::harness::llm {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;
using boost::system::error_code;

constexpr size_t kMaxAnswerBytes = 16 << 20;

// True when `host` is an IP address literal (no SNI is sent for those).
bool is_ip_literal(const std::string& host) {
  error_code ec;
  asio::ip::make_address(host, ec);
  return !ec;
}

}  // namespace

bool parse_endpoint(std::string_view url, Endpoint& out, std::string& error) {
  out = Endpoint{};
  std::string_view rest;
  if (url.starts_with("http://")) {
    rest = url.substr(7);
    out.port = "80";
  } else if (url.starts_with("https://")) {
    rest = url.substr(8);
    out.https = true;
    out.port = "443";
  } else {
    error = "bad --llm-url '" + std::string(url) + "': it must start with http:// or https://";
    return false;
  }
  std::string_view authority = split_authority(rest, out.prefix);
  if (authority.find_first_of("@?#[] ") != std::string_view::npos ||
      out.prefix.find_first_of("?# ") != std::string::npos) {
    error = "bad --llm-url '" + std::string(url) + "': use scheme://host[:port][/path]";
    return false;
  }
  if (std::string why = split_host_port(authority, out.host, out.port); !why.empty()) {
    error = "bad --llm-url '" + std::string(url) + "': " + why;
    return false;
  }
  return true;
}

bool is_loopback(std::string_view host) {
  if (host == "localhost") return true;
  error_code ec;
  asio::ip::address a = asio::ip::make_address(std::string(host), ec);
  return !ec && a.is_loopback();
}

bool check_ca_file(const std::string& path, std::string& error) {
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (!f) {
    error = "--llm-ca " + path + ": cannot read the file";
    return false;
  }
  X509* cert = PEM_read_X509(f, nullptr, nullptr, nullptr);
  std::fclose(f);
  if (!cert) {
    error = "--llm-ca " + path + ": not a PEM certificate";
    return false;
  }
  X509_free(cert);
  return true;
}

struct ChatClient::Impl {
  Endpoint endpoint;
  std::string api_key;
  std::chrono::milliseconds timeout;
  asio::io_context io;
  std::optional<ssl::context> tls;

  // Runs the queued asynchronous work to completion.
  void drive() {
    io.restart();
    io.run();
  }

  // Returns the failure `ec` of `stage` as an EndpointError.
  EndpointError failure(std::string_view stage, const error_code& ec) const {
    std::string where = (endpoint.https ? "https://" : "http://") + endpoint.host + ":" +
                        endpoint.port + endpoint.prefix + "/chat/completions";
    if (ec == beast::error::timeout) {
      return EndpointError(where + ": no answer within " + std::to_string(timeout.count() / 1000) +
                               " s (--llm-timeout)",
                           true);
    }
    bool tls_failure = stage == "TLS handshake";
    return EndpointError(where + ": " + std::string(stage) + " failed: " + ec.message(),
                         !tls_failure);
  }

  // Sends `req` on `stream` (connected) and reads the answer.
  template <class Stream>
  ChatAnswer exchange(Stream& stream, http::request<http::string_body>& req) {
    error_code ec;
    http::async_write(stream, req, [&](error_code e, size_t) { ec = e; });
    drive();
    if (ec) throw failure("sending the request", ec);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(kMaxAnswerBytes);
    http::async_read(stream, buffer, parser, [&](error_code e, size_t) { ec = e; });
    drive();
    if (ec) throw failure("reading the answer", ec);
    auto& res = parser.get();
    auto retry = res.find(http::field::retry_after);
    return {static_cast<int>(res.result_int()), std::move(res.body()),
            retry == res.end() ? std::string() : std::string(retry->value())};
  }
};

ChatClient::ChatClient(Endpoint endpoint, std::string ca_file, std::string api_key,
                       std::chrono::milliseconds timeout)
    : impl_(std::make_unique<Impl>()) {
  impl_->endpoint = std::move(endpoint);
  impl_->api_key = std::move(api_key);
  impl_->timeout = timeout;
  if (impl_->endpoint.https) {
    impl_->tls.emplace(ssl::context::tls_client);
    impl_->tls->set_default_verify_paths();
    if (!ca_file.empty()) impl_->tls->load_verify_file(ca_file);
    impl_->tls->set_verify_mode(ssl::verify_peer);
  }
}

ChatClient::~ChatClient() = default;

ChatAnswer ChatClient::post(std::string_view body) {
  Impl& s = *impl_;
  const Endpoint& ep = s.endpoint;
  http::request<http::string_body> req{http::verb::post, ep.prefix + "/chat/completions", 11};
  bool default_port = ep.port == (ep.https ? "443" : "80");
  req.set(http::field::host, default_port ? ep.host : ep.host + ":" + ep.port);
  req.set(http::field::content_type, "application/json");
  req.set(http::field::accept, "application/json");
  req.set(http::field::user_agent, kHarnessId);
  req.set(http::field::connection, "close");
  if (!s.api_key.empty()) req.set(http::field::authorization, "Bearer " + s.api_key);
  req.body() = std::string(body);
  req.prepare_payload();

  error_code ec;
  tcp::resolver resolver(s.io);
  auto endpoints = resolver.resolve(ep.host, ep.port, ec);
  if (ec) throw s.failure("resolving the host", ec);
  beast::tcp_stream tcp_stream(s.io);
  tcp_stream.expires_after(s.timeout);
  tcp_stream.async_connect(endpoints, [&](error_code e, const tcp::endpoint&) { ec = e; });
  s.drive();
  if (ec) throw s.failure("connecting", ec);
  if (!ep.https) {
    ChatAnswer answer = s.exchange(tcp_stream, req);
    tcp_stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    return answer;
  }
  beast::ssl_stream<beast::tcp_stream> stream(std::move(tcp_stream), *s.tls);
  stream.set_verify_callback(ssl::host_name_verification(ep.host));
  if (!is_ip_literal(ep.host) &&
      !SSL_set_tlsext_host_name(stream.native_handle(), const_cast<char*>(ep.host.c_str()))) {
    throw EndpointError("cannot set the TLS server name " + ep.host, false);
  }
  stream.async_handshake(ssl::stream_base::client, [&](error_code e) { ec = e; });
  s.drive();
  if (ec) throw s.failure("TLS handshake", ec);
  ChatAnswer answer = s.exchange(stream, req);
  beast::get_lowest_layer(stream).socket().shutdown(tcp::socket::shutdown_both, ec);
  return answer;
}

}  // namespace gb::harness::llm
