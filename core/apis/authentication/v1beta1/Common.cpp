#include "apis/authentication/v1beta1/Common.h"

#include "apis/shared/Json.h"

namespace spillway::apis::authentication::v1beta1 {

using nlohmann::json;
using namespace detail;

void to_json(json &j, const AwsConfig &v)
{
    j = {{"awsAccessKeyID", v.awsAccessKeyID},
         {"awsSecretAccessKey", v.awsSecretAccessKey},
         {"awsRegion", v.awsRegion},
         {"awsClusterName", v.awsClusterName},
         {"awsUserArn", v.awsUserArn}};
}

void from_json(const json &j, AwsConfig &v)
{
    optionalField(j, "awsAccessKeyID", v.awsAccessKeyID);
    optionalField(j, "awsSecretAccessKey", v.awsSecretAccessKey);
    optionalField(j, "awsRegion", v.awsRegion);
    optionalField(j, "awsClusterName", v.awsClusterName);
    optionalField(j, "awsUserArn", v.awsUserArn);
}

void to_json(json &j, const AuthParams &v)
{
    j = json::object();
    putBytes(j, "ca", v.ca);
    putBytes(j, "signedCRT", v.signedCRT);
    putIf(j, "apiServer", v.apiServer);
    putIf(j, "proxyURL", v.proxyURL);
    putIf(j, "awsConfig", v.awsConfig);
}

void from_json(const json &j, AuthParams &v)
{
    bytesField(j, "ca", v.ca);
    bytesField(j, "signedCRT", v.signedCRT);
    optionalField(j, "apiServer", v.apiServer);
    optionalField(j, "proxyURL", v.proxyURL);
    optionalField(j, "awsConfig", v.awsConfig);
}

} // namespace spillway::apis::authentication::v1beta1
