import Courier
import Testing

@Suite struct RedactionTests {
    /// Header fields that carry credentials in widely used APIs, each with who sends it.
    static let secretHeaders: [(name: String, api: String)] = [
        ("Authorization", "HTTP"), ("Proxy-Authorization", "HTTP"), ("Cookie", "HTTP"), ("Set-Cookie", "HTTP"),
        ("X-Amz-Security-Token", "AWS"), ("X-Api-Key", "AWS API Gateway"),
        ("X-Goog-Api-Key", "Google Cloud"), ("X-Goog-Iap-Jwt-Assertion", "Google IAP"),
        ("Ocp-Apim-Subscription-Key", "Azure API Management"), ("api-key", "Azure OpenAI"), ("x-functions-key", "Azure Functions"),
        ("X-Auth-Key", "Cloudflare"), ("CF-Access-Client-Secret", "Cloudflare Access"), ("Cf-Access-Jwt-Assertion", "Cloudflare Access"),
        ("Stripe-Signature", "Stripe"), ("X-Shopify-Access-Token", "Shopify"), ("PayPal-Auth-Algo", "PayPal"),
        ("X-Square-Hmacsha256-Signature", "Square"),
        ("X-Hub-Signature-256", "GitHub"), ("X-GitHub-Token", "GitHub Actions"), ("PRIVATE-TOKEN", "GitLab"),
        ("X-Gitlab-Token", "GitLab"), ("Circle-Token", "CircleCI"),
        ("X-Slack-Signature", "Slack"), ("X-Signature-Ed25519", "Discord"), ("X-Telegram-Bot-Api-Secret-Token", "Telegram"),
        ("X-Line-Signature", "LINE"), ("X-Twilio-Signature", "Twilio"),
        ("DD-API-KEY", "Datadog"), ("DD-APPLICATION-KEY", "Datadog"), ("Api-Key", "New Relic"), ("X-Insert-Key", "New Relic"),
        ("X-Vault-Token", "HashiCorp Vault"), ("X-Consul-Token", "HashiCorp Consul"), ("X-Figma-Token", "Figma"),
        ("X-RapidAPI-Key", "RapidAPI"), ("X-Algolia-API-Key", "Algolia"), ("X-MBX-APIKEY", "Binance"), ("apikey", "Supabase"),
        ("X-Postmark-Server-Token", "Postmark"), ("X-Hasura-Admin-Secret", "Hasura"),
        ("X-CSRF-Token", "Rails"), ("X-XSRF-TOKEN", "Angular"), ("X-Auth-Token", "OpenStack"), ("X-Session-Id", "sessions"),
        ("X-Client-Secret", "OAuth clients"),
    ]

    /// Fields of the same APIs that carry nothing secret, some of them close to secret names.
    static let ordinaryHeaders = [
        "Content-Type", "Content-Length", "Content-Encoding", "Accept", "Accept-Encoding", "Accept-Language", "User-Agent",
        "Cache-Control", "Keep-Alive", "Connection", "Host", "ETag", "If-None-Match", "Last-Modified", "Location", "Vary",
        "Retry-After", "Date", "X-Request-Id", "X-Correlation-Id", "Traceparent", "X-Forwarded-For", "X-Amz-Date",
        "X-Amz-Content-Sha256", "X-Amz-Request-Id", "X-GitHub-Request-Id", "X-RateLimit-Remaining", "Stripe-Version",
        "X-Goog-User-Project", "X-Api-Version", "X-Keyword", "X-Keys",
    ]

    @Test(arguments: secretHeaders)
    func aCredentialFieldOfAWidelyUsedAPIIsSecret(name: String, api: String) {
        #expect(Redaction.isSecret(name: name), "\(name) (\(api))")
        #expect(Redaction.isSecret(name: name.lowercased()) && Redaction.isSecret(name: name.uppercased()), "\(name) (\(api))")
        #expect(Redaction.headers([name: "s3cret"])[name] == Redaction.placeholder)
    }

    @Test(arguments: ordinaryHeaders)
    func anOrdinaryFieldIsNotSecret(name: String) {
        #expect(!Redaction.isSecret(name: name))
        #expect(Redaction.headers([name: "v"])[name] == "v")
    }

    /// `key` counts where it ends a word: before a non-letter, at the end, or before a capital in
    /// camel case; nowhere else.
    @Test(arguments: [
        ("apiKey", true), ("accessKeyId", true), ("AWSAccessKeyId", true), ("api_key", true), ("key", true), ("key2", true),
        ("X-Api-Key-Id", true), ("keyword", false), ("keys", false), ("Keep-Alive", false), ("keyboardLayout", false),
    ])
    func keyCountsAtTheEndOfAWord(name: String, isSecret: Bool) {
        #expect(Redaction.isSecret(name: name) == isSecret)
    }

    @Test(arguments: [
        "access_token", "refresh_token", "id_token", "api_key", "apikey", "key", "client_secret", "Client%5FSecret", "sig",
        "signature", "code", "password", "pwd", "pass", "sid", "session", "sessionid", "jwt", "auth", "oauth_token",
        "oauth_signature", "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token", "X-Goog-Signature", "Signature",
    ])
    func aSecretQueryParameterIsHidden(name: String) {
        #expect(Redaction.url("https://h.test/x?page=2&\(name)=s3cret") == "https://h.test/x?page=2&\(name)=REDACTED")
    }

    @Test(arguments: ["page", "per_page", "q", "keyword", "sort", "limit", "cursor", "id", "fields", "X-Amz-Date", "X-Amz-Expires"])
    func anOrdinaryQueryParameterIsKept(name: String) {
        #expect(Redaction.url("https://h.test/x?\(name)=v") == "https://h.test/x?\(name)=v")
    }

    @Test func hidesCredentialHeadersWhateverTheirCase() {
        let headers: HTTPHeaders = [
            "authorization": "Bearer abc", "Proxy-Authorization": "Basic xyz", "COOKIE": "id=1",
            "Set-Cookie": "id=2", "X-Api-Key": "k", "Accept": "application/json",
        ]
        let redacted = Redaction.headers(headers)
        #expect(redacted.fields.map(\.value) == ["REDACTED", "REDACTED", "REDACTED", "REDACTED", "REDACTED", "application/json"])
        #expect(redacted.fields.map(\.name) == headers.fields.map(\.name))
    }

    @Test(arguments: [
        ("https://h.test/x?access_token=abc&page=2", "https://h.test/x?access_token=REDACTED&page=2"),
        ("https://h.test/x?page=2&api_key=abc#top", "https://h.test/x?page=2&api_key=REDACTED#top"),
        ("https://h.test/x?Client%5FSecret=abc&sig=def&flag", "https://h.test/x?Client%5FSecret=REDACTED&sig=REDACTED&flag"),
        ("https://user:pass@h.test/x?q=1", "https://REDACTED@h.test/x?q=1"),
        ("https://h.test/tokens/list", "https://h.test/tokens/list"),
        (
            "https://h.test/x?password=p&refresh_token=r&id_token=i",
            "https://h.test/x?password=REDACTED&refresh_token=REDACTED&id_token=REDACTED"
        ),
    ])
    func hidesTokenLikeQueryParameters(url: String, expected: String) {
        #expect(Redaction.url(url) == expected)
    }

    @Test func anEventIsRedactedBeforeAnySinkSeesIt() {
        let request = HTTPRequest(url: "https://h.test/x?token=abc", headers: ["Authorization": "Bearer abc", "Cookie": "c=abc"])
        let event = LogEvent(.requestSent, request: request, response: HTTPResponse(statusCode: 200, headers: ["Set-Cookie": "c=abc"]))
        #expect(event.url == "https://h.test/x?token=REDACTED")
        #expect(event.requestHeaders.fields.map(\.value) == ["REDACTED", "REDACTED"])
        #expect(event.responseHeaders["Set-Cookie"] == "REDACTED")
    }
}
