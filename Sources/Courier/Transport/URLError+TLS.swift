import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLError.Code {
    /// The code for a certificate the handshake refused, by OpenSSL's verify result
    /// (`SSL_get_verify_result`, libcurl's `CURLINFO_SSL_VERIFYRESULT`), with the codes Apple's URLSession gives the same causes: a
    /// certificate out of its dates, one whose issuer is not trusted; anything else, such as a name
    /// that does not match (libcurl checks the name itself and leaves the result at 0), is
    /// `.serverCertificateUntrusted`, URLSession on Linux's code for all of them.
    package init(certificateVerifyResult result: Int) {
        switch result {
        case 10: self = .serverCertificateHasBadDate  // X509_V_ERR_CERT_HAS_EXPIRED
        case 9: self = .serverCertificateNotYetValid  // X509_V_ERR_CERT_NOT_YET_VALID
        // Unable to get the issuer (locally), self-signed (alone or in the chain), unable to verify
        // the leaf.
        case 2, 18, 19, 20, 21: self = .serverCertificateHasUnknownRoot
        default: self = .serverCertificateUntrusted
        }
    }
}
