import ReliefHTTPServer

extension ReliefApplication {
    /// `request` without its trailing `sig` parameter, so that the signature never reaches the
    /// parser or the cache key; `nil` after answering `403` when signed URLs are required and the
    /// signature is missing, misplaced or wrong.
    ///
    /// Without a signer a trailing `sig` is dropped unchecked, so clients can start signing before
    /// the servers start checking.
    func checkedSignature(of request: HTTPRequest, reply: Reply) -> HTTPRequest? {
        guard let signer = configuration.urlSigner else {
            guard URLSigner.mayEndInSignature(target: request.target) else { return request }
            return URLSigner.split(request.query).map { request.replacingQuery(with: $0.unsignedQuery) } ?? request
        }
        switch signer.verify(path: request.path, query: request.query) {
        case .valid(let unsignedQuery):
            return request.replacingQuery(with: unsignedQuery)
        case .refused(let refusal):
            metrics.recordSignatureRefusal(refusal)
            reply(Self.problem(.signatureRefused(refusal)))
            return nil
        }
    }
}

extension HTTPRequest {
    /// The same request with `query` after the path.
    func replacingQuery(with query: Substring) -> HTTPRequest {
        var request = self
        request.target = String(path) + (query.isEmpty ? "" : "?" + query)
        return request
    }
}
